// /nuxt/product-categories: the categories as the two-level tree the shop shows. Drag a row to reorder it
// among its siblings (upper or lower edge of another row) or onto the middle of a top-level category to put
// it there; the arrow buttons do the same from the keyboard. Each move is saved at once, in one transaction,
// and the note that says so offers «Отменить» to put the category back.
import { useState, type DragEvent, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { List, useCanAccess, useCloseNotification, useListContext, useNotify, useRefresh } from 'react-admin';
import { Alert, Box, Button, Chip, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import NorthWestIcon from '@mui/icons-material/NorthWest';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { ListActions } from '../../../list';
import { callAdmin } from '../../../admin-api';
import {
  buildTree,
  currentPlace,
  dropMove,
  keyMove,
  type CategoryRow,
  type DropPlace,
  type KeyMove,
  type Move,
} from './tree';

export function CategoryTreeList() {
  return (
    <List
      resource="product-categories"
      perPage={1000}
      pagination={false}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      actions={<ListActions />}
      title="Категории товаров"
    >
      <CategoryTree />
    </List>
  );
}

const KEY_BUTTONS: { key: KeyMove; label: string; icon: ReactElement }[] = [
  { key: 'up', label: 'Выше', icon: <ArrowUpwardIcon fontSize="small" /> },
  { key: 'down', label: 'Ниже', icon: <ArrowDownwardIcon fontSize="small" /> },
  { key: 'indent', label: 'Вложить в категорию выше', icon: <SubdirectoryArrowRightIcon fontSize="small" /> },
  { key: 'outdent', label: 'На верхний уровень', icon: <NorthWestIcon fontSize="small" /> },
];

function placeOf(event: DragEvent<HTMLElement>, canNest: boolean): DropPlace {
  const box = event.currentTarget.getBoundingClientRect();
  const y = (event.clientY - box.top) / box.height;
  if (canNest && y > 0.3 && y < 0.7) return 'into';
  return y < 0.5 ? 'before' : 'after';
}

/** «Порядок категорий сохранён» with «Отменить», which closes the note (a pointer over it would hold it open). */
function SavedWithUndo({ onUndo }: { onUndo: () => void }) {
  const close = useCloseNotification();
  return (
    <Alert
      severity="success"
      variant="filled"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            close();
            onUndo();
          }}
        >
          Отменить
        </Button>
      }
    >
      Порядок категорий сохранён
    </Alert>
  );
}

function CategoryTree() {
  const { data, isPending } = useListContext<CategoryRow>();
  const { canAccess: canEdit } = useCanAccess({ resource: 'product-categories', action: 'edit' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<{ id: number; place: DropPlace } | null>(null);
  const [saving, setSaving] = useState(false);
  if (isPending) return null;
  const tree = buildTree(data ?? []);
  const hasChildren = (id: number) => tree.some((n) => n.id === id && n.children.length > 0);

  // A move goes live at once; the note that it is saved offers to put the category back (`undoing`: the
  // move that does so, which offers no undo of its own).
  const save = async (move: Move | null, undoing = false) => {
    if (!move || saving) return;
    const back = undoing ? null : currentPlace(tree, move.id);
    setSaving(true);
    try {
      await callAdmin((api) =>
        api.adminCatalog.moveCategory(move.id, { parentId: move.parentId, position: move.position }),
      );
      notify(
        back ? <SavedWithUndo onUndo={() => void save(back, true)} /> : 'Категория возвращена на место',
        { type: 'success', autoHideDuration: back ? 8000 : undefined },
      );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
      refresh();
    }
  };

  const row = (c: CategoryRow, level: 0 | 1) => {
    const nestable = level === 0 && dragged !== null && dragged !== c.id && !hasChildren(dragged);
    const highlight = over?.id === c.id ? over.place : null;
    return (
      <Box
        key={c.id}
        role="treeitem"
        aria-level={level + 1}
        aria-label={c.title}
        data-category={c.slug}
        draggable={canEdit}
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(c.id));
          setDragged(c.id);
        }}
        onDragEnd={() => {
          setDragged(null);
          setOver(null);
        }}
        onDragOver={(e) => {
          if (dragged === null) return;
          e.preventDefault();
          setOver({ id: c.id, place: placeOf(e, nestable) });
        }}
        onDragLeave={() => setOver(null)}
        onDrop={(e) => {
          e.preventDefault();
          const from = dragged ?? Number(e.dataTransfer.getData('text/plain'));
          const place = placeOf(e, nestable);
          setDragged(null);
          setOver(null);
          void save(dropMove(tree, from, c.id, place));
        }}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: level === 1 ? 5 : 1,
          pr: 1,
          py: 0.5,
          borderTop: highlight === 'before' ? '2px solid' : '2px solid transparent',
          borderBottom: highlight === 'after' ? '2px solid' : '2px solid transparent',
          borderColor: highlight === 'before' || highlight === 'after' ? 'primary.main' : 'transparent',
          bgcolor: highlight === 'into' ? 'action.selected' : dragged === c.id ? 'action.hover' : undefined,
          cursor: canEdit ? 'grab' : undefined,
        }}
      >
        {canEdit ? <DragIndicatorIcon fontSize="small" color="action" aria-hidden /> : null}
        <Typography
          component={Link}
          to={`/product-categories/${c.slug}`}
          sx={{ flex: 1, color: 'inherit', fontWeight: level === 0 ? 600 : 400 }}
        >
          {c.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {c.slug}
        </Typography>
        {!c.active ? <Chip size="small" label="Скрыта" /> : null}
        {canEdit
          ? KEY_BUTTONS.map(({ key, label, icon }) => {
              const move = keyMove(tree, c.id, key);
              return move || key === 'up' || key === 'down' ? (
                <Tooltip key={key} title={label}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${label}: ${c.title}`}
                      disabled={!move || saving}
                      onClick={() => void save(move)}
                    >
                      {icon}
                    </IconButton>
                  </span>
                </Tooltip>
              ) : (
                <Box key={key} sx={{ width: 34 }} />
              );
            })
          : null}
      </Box>
    );
  };

  if (tree.length === 0) return <Typography sx={{ p: 2 }}>Категорий пока нет</Typography>;
  return (
    <Paper variant="outlined" sx={{ m: 1 }}>
      <Box role="tree" aria-label="Категории товаров">
        {tree.map((n) => (
          <Box key={n.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            {row(n, 0)}
            {n.children.map((c) => row(c, 1))}
          </Box>
        ))}
      </Box>
      {canEdit ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          Перетащите категорию за строку: к верхнему или нижнему краю другой строки — чтобы поставить рядом,
          на середину категории верхнего уровня — чтобы вложить в неё. Допускается два уровня.
        </Typography>
      ) : null}
    </Paper>
  );
}
