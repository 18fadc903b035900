// Several pictures in an array of { url, alt } (product photos, review photos, gallery images): multi-file
// upload with progress, drag-to-reorder (and buttons that move a picture, for the keyboard), alt text and
// removal. The first picture is the main one wherever the shop shows a single image.
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { Box, Button, FormLabel, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link as RouterLink } from 'react-router-dom';
import { FieldTitle, useInput, useRecordContext, useResourceContext, type InputProps } from 'react-admin';
import { addImagesPages } from './addImagesPages';
import { IMAGE_ACCEPT, previewUrl, uploadImages } from '../upload';
import { UploadStatus } from './UploadStatus';

export type ImagesInputProps = Pick<
  InputProps,
  'source' | 'label' | 'helperText' | 'defaultValue' | 'resource'
> & {
  /** The items have an alt text ("Подпись") to edit. */
  withAlt?: boolean;
  /** The items keep their position in a sortOrder field (child tables), renumbered on every change. */
  withSortOrder?: boolean;
};

type ImageItem = { url: string; alt?: string | null; sortOrder?: number } & Record<string, unknown>;

/** Moves one item of a list to another position. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export function ImagesInput(props: ImagesInputProps) {
  const { source, label, helperText, withAlt = false, withSortOrder = false } = props;
  const resource = useResourceContext(props);
  const { field, fieldState } = useInput({ ...props, defaultValue: props.defaultValue ?? [] });
  const items: ImageItem[] = Array.isArray(field.value) ? (field.value as ImageItem[]) : [];
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const inputId = useId();
  // A stored record of a resource with its own "add many images" page (the gallery) links to it.
  const record = useRecordContext();
  const addPage = resource && record?.id !== undefined ? addImagesPages[resource]?.(record.id) : undefined;

  const change = (next: ImageItem[]) =>
    field.onChange(withSortOrder ? next.map((item, i) => ({ ...item, sortOrder: i })) : next);

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadImages(files, setProgress);
      change([...items, ...uploaded.map((u) => (withAlt ? { url: u.url, alt: null } : { url: u.url }))]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    void addFiles(files);
  };
  // Files dropped from the computer are uploaded; a tile dropped onto another one moves there.
  const onDropOn = (index: number | null) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) {
      change(moveItem(items, dragged, index ?? items.length - 1));
      setDragged(null);
    } else if (event.dataTransfer.files.length > 0) {
      void addFiles([...event.dataTransfer.files]);
    }
  };
  const allowDrop = (event: DragEvent) => event.preventDefault();

  return (
    <Box sx={{ my: 1, width: '100%' }} data-testid={`images-input-${field.name}`}>
      <FormLabel htmlFor={inputId} sx={{ display: 'block', mb: 1 }}>
        <FieldTitle label={label} source={source} resource={resource} />
      </FormLabel>
      <Box
        component="ol"
        aria-label="Изображения: перетащите, чтобы изменить порядок"
        onDragOver={allowDrop}
        onDrop={onDropOn(null)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
      >
        {items.map((item, index) => (
          <Box
            component="li"
            key={`${item.url}-${index}`}
            draggable
            data-testid="image-tile"
            onDragStart={(event: DragEvent) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={allowDrop}
            onDrop={(event: DragEvent) => {
              event.stopPropagation();
              onDropOn(index)(event);
            }}
            sx={{
              width: 180,
              p: 1,
              border: 1,
              borderColor: dragged === index ? 'primary.main' : 'divider',
              borderRadius: 1,
              cursor: 'grab',
              opacity: dragged === index ? 0.5 : 1,
            }}
          >
            <Box sx={{ height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <img
                src={previewUrl(item.url)}
                alt={item.alt || `Изображение ${index + 1}`}
                draggable={false}
                style={{ maxWidth: '100%', maxHeight: '100%' }}
              />
            </Box>
            {withAlt && (
              <TextField
                label="Подпись"
                size="small"
                margin="dense"
                fullWidth
                value={item.alt ?? ''}
                onChange={(e) =>
                  change(items.map((it, i) => (i === index ? { ...it, alt: e.target.value || null } : it)))
                }
              />
            )}
            <Stack direction="row" alignItems="center" justifyContent="space-between">
              <Typography variant="caption" color="text.secondary">
                {index === 0 ? 'Главное' : `№ ${index + 1}`}
              </Typography>
              <Box>
                <Tooltip title="Переместить раньше">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Переместить изображение ${index + 1} раньше`}
                      disabled={index === 0}
                      onClick={() => change(moveItem(items, index, index - 1))}
                    >
                      <ArrowBackIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Переместить позже">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Переместить изображение ${index + 1} позже`}
                      disabled={index === items.length - 1}
                      onClick={() => change(moveItem(items, index, index + 1))}
                    >
                      <ArrowForwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Удалить">
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={`Удалить изображение ${index + 1}`}
                    onClick={() => change(items.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Stack>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<AddPhotoIcon />}
          disabled={progress !== null}
        >
          Добавить изображения
          <input id={inputId} type="file" accept={IMAGE_ACCEPT} multiple hidden onChange={onPick} />
        </Button>
        <Typography variant="caption" color="text.secondary">
          JPEG, PNG, WebP, AVIF или GIF до 10 МБ; можно перетащить файлы сюда
        </Typography>
        {addPage && (
          <Button component={RouterLink} to={addPage} size="small">
            Добавить много файлов сразу
          </Button>
        )}
      </Stack>
      <UploadStatus
        progress={progress}
        progressLabel="Загрузка изображений"
        error={error}
        fieldError={fieldState.error?.message}
        helperText={helperText}
      />
    </Box>
  );
}
