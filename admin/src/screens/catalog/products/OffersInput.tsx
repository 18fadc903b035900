// The offers of a product as a table inside the product form: article, the values of the offer
// directories (curl, thickness, length… as selects), prices in roubles, stock, weight and "active";
// rows are added one by one or by the generator, and saved with the product in one request.
import { useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ArrayInput, BooleanInput, NumberInput, SelectInput, TextInput, useArrayInput } from 'react-admin';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { MoneyInput, useFieldWritable } from '../../../fields';
import { OfferGenerator } from './OfferGenerator';
import { OfferPriceGrid } from './OfferPriceGrid';
import type { OfferDraft } from './offer-generator';
import { useOfferDirectories, type OfferDirectory } from './useOfferDirectories';

const EMPTY_OFFER: OfferDraft = {
  article: '',
  attributes: {},
  basePrice: null,
  salePrice: null,
  stock: 0,
  weight: null,
  active: true,
};

const cell = { px: 0.5, py: 0, verticalAlign: 'top' } as const;

type View = 'grid' | 'table';

/**
 * Two views of the same offers: «Цены и остатки», the grid of prices and stock (OfferPriceGrid.tsx), and
 * «Все поля», the table below with articles, characteristics, weight, adding and removing. Both edit the
 * form: «Сохранить» saves whatever changed in either.
 */
export function OffersInput() {
  const { directories, isPending } = useOfferDirectories();
  const [view, setView] = useState<View>('table');
  if (isPending) return <Typography>Загрузка справочников…</Typography>;
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_e, next: View | null) => next && setView(next)}
        aria-label="Вид вариантов"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="table">Все поля</ToggleButton>
        <ToggleButton value="grid">Цены и остатки</ToggleButton>
      </ToggleButtonGroup>
      {/* maxWidth keeps the table inside the form: it scrolls sideways in its container on narrower screens. */}
      <ArrayInput source="offers" label="Варианты (торговые предложения)" fullWidth sx={{ maxWidth: '100%' }}>
        {view === 'grid' ? (
          <OfferPriceGrid directories={directories} />
        ) : (
          <OffersTable directories={directories} />
        )}
      </ArrayInput>
    </Box>
  );
}

function OffersTable({ directories }: { directories: OfferDirectory[] }) {
  const { fields, append, remove } = useArrayInput();
  const { getValues } = useFormContext();
  // Prices and stock are the manager's (x-access.write): a content editor sees them read-only, and adds or
  // removes no variant, which would set or take away a price.
  const writable = useFieldWritable('products');
  const [pricing, stocking] = [writable('offers.basePrice'), writable('offers.stock')];
  const rowsFixed = !pricing || !stocking;
  const offers = () => (getValues('offers') ?? []) as OfferDraft[];

  // The directory columns shown: those the offers use, plus any the editor switches on.
  const used = useMemo(() => {
    const keys = new Set(offers().flatMap((o) => Object.keys(o.attributes ?? {})));
    return directories.filter((d) => keys.has(d.code)).map((d) => d.code);
    // Only on first render: later the editor's choice rules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [directories]);
  const [columns, setColumns] = useState<string[]>(used);
  const shown = directories.filter((d) => columns.includes(d.code));
  const toggleColumn = (code: string) =>
    setColumns((c) => (c.includes(code) ? c.filter((x) => x !== code) : [...c, code]));

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography variant="body2" sx={{ mr: 1 }}>
          Характеристики:
        </Typography>
        {directories.map((d) => (
          <Chip
            key={d.code}
            size="small"
            label={d.title}
            clickable
            color={columns.includes(d.code) ? 'primary' : 'default'}
            variant={columns.includes(d.code) ? 'filled' : 'outlined'}
            aria-pressed={columns.includes(d.code)}
            onClick={() => toggleColumn(d.code)}
          />
        ))}
      </Box>
      <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label="Варианты товара">
          <TableHead>
            <TableRow>
              <TableCell sx={cell}>Артикул</TableCell>
              {shown.map((d) => (
                <TableCell key={d.code} sx={cell}>
                  {d.title}
                </TableCell>
              ))}
              <TableCell sx={cell}>Цена</TableCell>
              <TableCell sx={cell}>Цена со скидкой</TableCell>
              <TableCell sx={cell}>Остаток</TableCell>
              <TableCell sx={cell}>Вес, г</TableCell>
              <TableCell sx={cell}>Активен</TableCell>
              <TableCell sx={cell} />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field, index) => (
              <TableRow key={field.id}>
                <TableCell sx={{ ...cell, minWidth: 190 }}>
                  <TextInput source={`${index}.article`} label="Артикул" helperText={false} size="small" />
                </TableCell>
                {shown.map((d) => (
                  <TableCell key={d.code} sx={{ ...cell, minWidth: 110 }}>
                    <SelectInput
                      source={`${index}.attributes.${d.code}`}
                      label={d.title}
                      choices={d.entries}
                      optionValue="code"
                      optionText="title"
                      emptyText="—"
                      helperText={false}
                      size="small"
                    />
                  </TableCell>
                ))}
                <TableCell sx={{ ...cell, minWidth: 120 }}>
                  <MoneyInput
                    source={`${index}.basePrice`}
                    label="Цена"
                    helperText={false}
                    readOnly={!pricing}
                  />
                </TableCell>
                <TableCell sx={{ ...cell, minWidth: 120 }}>
                  <MoneyInput
                    source={`${index}.salePrice`}
                    label="Цена со скидкой"
                    helperText={false}
                    readOnly={!writable('offers.salePrice')}
                  />
                </TableCell>
                <TableCell sx={{ ...cell, minWidth: 90 }}>
                  <NumberInput
                    source={`${index}.stock`}
                    label="Остаток"
                    helperText={false}
                    size="small"
                    readOnly={!stocking}
                  />
                </TableCell>
                <TableCell sx={{ ...cell, minWidth: 80 }}>
                  <NumberInput source={`${index}.weight`} label="Вес, г" helperText={false} size="small" />
                </TableCell>
                <TableCell sx={cell}>
                  <BooleanInput source={`${index}.active`} label="Активен" helperText={false} />
                </TableCell>
                <TableCell sx={cell}>
                  <Tooltip title="Удалить вариант">
                    <IconButton
                      aria-label={`Удалить вариант ${index + 1}`}
                      disabled={rowsFixed}
                      onClick={() => remove(index)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Вариантов пока нет
        </Typography>
      ) : null}
      {rowsFixed ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Цены и остатки меняет менеджер: варианты добавляет и удаляет он или администратор
        </Typography>
      ) : null}
      <Box sx={{ display: rowsFixed ? 'none' : 'flex', gap: 1, mt: 1 }}>
        <Button startIcon={<AddIcon />} onClick={() => append({ ...EMPTY_OFFER, attributes: {} })}>
          Добавить вариант
        </Button>
        <OfferGenerator
          directories={directories}
          existing={offers}
          onAdd={(drafts, usedDirectories) => {
            setColumns((c) => [...c, ...usedDirectories.filter((d) => !c.includes(d))]);
            append(drafts);
          }}
        />
      </Box>
    </Box>
  );
}
