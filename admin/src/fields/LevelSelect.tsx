// The rich-text toolbar's choice of a paragraph's level (text or a heading), in place of ra-input-rich-text's
// LevelSelect, whose button sat in a list item of a <nav> that is no list (axe: "listitem"). A button that
// says the current level and opens a menu of the levels the storefront keeps (h2–h4 pass its whitelist,
// server/src/platform/web/sanitize-html.ts).
import { useEffect, useReducer, useState } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTiptapEditor } from 'ra-input-rich-text';

const LEVELS = [
  { level: 0, label: 'Обычный текст' },
  { level: 2, label: 'Заголовок 2' },
  { level: 3, label: 'Заголовок 3' },
  { level: 4, label: 'Заголовок 4' },
] as const;

type Level = (typeof LEVELS)[number];

export function LevelSelect() {
  const editor = useTiptapEditor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The button follows the cursor: every change of the editor's state draws it again.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', redraw);
    return () => {
      editor.off('transaction', redraw);
    };
  }, [editor]);
  const current =
    LEVELS.find((l) => (l.level === 0 ? false : editor?.isActive('heading', { level: l.level }))) ??
    LEVELS[0];
  const choose = (l: Level) => {
    setAnchor(null);
    if (!editor) return;
    if (l.level === 0) editor.chain().focus().setNode('paragraph').run();
    else editor.chain().focus().setNode('heading', { level: l.level }).run();
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'rich-text-level' : undefined}
        aria-label={`Уровень текста: ${current.label}`}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 150, justifyContent: 'space-between' }}
      >
        {current.label}
      </Button>
      <Menu id="rich-text-level" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l.level} selected={l === current} onClick={() => choose(l)}>
            {l.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
