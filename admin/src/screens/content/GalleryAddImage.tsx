// /nuxt/gallery/{id}/addImage (spec §2): several pictures added to a gallery at once. The files are chosen
// (or dropped), previewed, uploaded in one request with a progress bar, appended to the gallery's images
// after the existing ones, and the administrator returns to the gallery's images tab.
import { useEffect, useMemo, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import {
  Loading,
  Title,
  useCanAccess,
  useCreatePath,
  useGetOne,
  useNotify,
  useRedirect,
  useUpdate,
} from 'react-admin';
import type { Gallery, GalleryImagePatch } from '@shop/schemas';
import { IMAGE_ACCEPT, uploadImages } from '../../upload';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`
    : `${Math.max(1, Math.round(bytes / 1024))} КБ`;

/** Chosen files with their local previews; the object URLs are released when the list changes. */
function usePreviews(files: File[]) {
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p)), [previews]);
  return previews;
}

export function GalleryAddImage() {
  const { id = '' } = useParams();
  const { canAccess, isPending: accessPending } = useCanAccess({ resource: 'gallery', action: 'edit' });
  const { data: gallery, isPending, error: loadError } = useGetOne<Gallery>('gallery', { id: Number(id) });
  const [update] = useUpdate();
  const notify = useNotify();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previews = usePreviews(files);

  if (isPending || accessPending) return <Loading />;
  if (!canAccess) return <Alert severity="error">Недостаточно прав, чтобы менять галереи</Alert>;
  if (loadError || !gallery) return <Alert severity="error">Галерея не найдена</Alert>;

  const editPath = createPath({ resource: 'gallery', type: 'edit', id: gallery.id });
  const add = (more: File[]) => {
    setError(null);
    setFiles((current) => [...current, ...more]);
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    add([...event.dataTransfer.files]);
  };

  const save = async () => {
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadImages(files, setProgress);
      const existing = gallery.images ?? [];
      const next = existing.reduce((max, image) => Math.max(max, image.sortOrder ?? 0), -1) + 1;
      const images: GalleryImagePatch[] = [
        ...existing,
        ...uploaded.map((u, i) => ({ url: u.url, alt: null, sortOrder: next + i })),
      ];
      await update(
        'gallery',
        { id: gallery.id, data: { images }, previousData: gallery },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(`Добавлено изображений: ${uploaded.length}`, { type: 'success' });
      // The images tab of the gallery's form (react-admin's TabbedForm addresses its tabs by index).
      redirect(`${editPath}/1`);
    } catch (e) {
      setError((e as Error).message);
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Добавить изображения: ${gallery.title}`} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          Добавить изображения в галерею «{gallery.title}»
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Сейчас в галерее изображений: {gallery.images?.length ?? 0}. Новые встанут после них; подписи и
          порядок можно поменять в форме галереи.
        </Typography>
        <Box
          onDragOver={(e: DragEvent) => e.preventDefault()}
          onDrop={onDrop}
          sx={{ border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 3, my: 2 }}
        >
          <Stack direction="row" spacing={2} alignItems="center">
            <Button component="label" variant="outlined" startIcon={<AddPhotoIcon />} disabled={busy}>
              Выбрать файлы
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                hidden
                aria-label="Файлы изображений"
                onChange={onPick}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              или перетащите их сюда. JPEG, PNG, WebP, AVIF или GIF до 10 МБ каждый.
            </Typography>
          </Stack>
        </Box>
        {files.length > 0 && (
          <Box
            component="ul"
            aria-label="Выбранные файлы"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0 }}
          >
            {files.map((file, i) => (
              <Box component="li" key={previews[i]} sx={{ width: 150 }}>
                <Box
                  sx={{
                    height: 110,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    bgcolor: 'action.hover',
                  }}
                >
                  <img src={previews[i]} alt={file.name} style={{ maxWidth: '100%', maxHeight: '100%' }} />
                </Box>
                <Stack direction="row" alignItems="center">
                  <Typography variant="caption" noWrap title={file.name} sx={{ flex: 1 }}>
                    {file.name} · {sizeText(file.size)}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={`Убрать ${file.name}`}
                    disabled={busy}
                    onClick={() => setFiles(files.filter((_, j) => j !== i))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
            ))}
          </Box>
        )}
        {busy && (
          <Box sx={{ my: 2, maxWidth: 480 }}>
            <LinearProgress variant="determinate" value={progress * 100} aria-label="Загрузка изображений" />
            <Typography variant="caption">Загружено {Math.round(progress * 100)}%</Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ my: 2 }}>
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={files.length === 0 || busy} onClick={() => void save()}>
            {files.length > 0 ? `Загрузить (${files.length})` : 'Загрузить'}
          </Button>
          <Button component={RouterLink} to={`${editPath}/1`} disabled={busy}>
            Вернуться к галерее
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
