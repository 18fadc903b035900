// «Новый заказ»: finding the goods a customer names on the phone. The words typed (a name, part of one, an
// article) go to the storefront's own catalogue search (GET /api/products/search: the same words, forms,
// layouts and articles a customer's search finds), the results show with their photo, price and stock; a
// product opens its variants (GET /api/products/:slug, characteristics by their titles), each with its
// article, price, stock and a quantity to add. What a variant costs this customer is the live total's to say.
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ProductPage, SearchProduct } from '@shop/schemas';
import { countOf } from '@shop/schemas/rules/plural';
import { callAdmin } from '../../../admin-api';
import { formatRubles } from '../../../fields/money';
import { variantText } from './place-order';

const DEBOUNCE_MS = 350;
const FOUND = 8;

const piecesText = (n: number) => countOf(n, ['штука', 'штуки', 'штук']);

/** What the picker knows of a variant it adds, for its line until the live total names it. */
export interface PickedOffer {
  title: string;
  image: string | null;
  variant: string;
}

export type AddOffer = (article: string, quantity: number, picked: PickedOffer) => void;

function Thumb({ src, size = 48 }: { src: string | null; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: 'action.hover',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </Box>
  );
}

/** The search's products for `text`, a moment after typing stops. */
function useFound(text: string) {
  const wanted = text.trim();
  const [state, setState] = useState<{ query: string; products: SearchProduct[]; error: string | null }>({
    query: '',
    products: [],
    error: null,
  });
  useEffect(() => {
    if (wanted.length < 2) return;
    let live = true;
    const timer = setTimeout(() => {
      callAdmin((api) => api.catalog.searchProducts({ search: wanted, perPage: FOUND })).then(
        (found) => live && setState({ query: wanted, products: found.data, error: null }),
        (e: Error) => live && setState({ query: wanted, products: [], error: e.message }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted]);
  // Results of an earlier text are not shown for this one: a click would open a product nobody asked for.
  if (wanted.length < 2 || state.query !== wanted)
    return { products: [], error: null, searching: wanted.length >= 2 };
  return { ...state, searching: false };
}

function Variants({ product, wanted, onAdd }: { product: ProductPage; wanted: string; onAdd: AddOffer }) {
  const offers = product.offers.filter((o) => o.active);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const article = wanted.trim().toUpperCase();
  return (
    <Box data-testid="picker-variants" sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <Thumb src={product.images[0]?.url ?? null} size={56} />
        <Typography variant="subtitle1" component="h3">
          {product.title}
        </Typography>
      </Box>
      {offers.length === 0 ? (
        <Alert severity="warning">У товара нет вариантов в продаже</Alert>
      ) : (
        <Box
          component="ul"
          aria-label={`Варианты: ${product.title}`}
          sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 420, overflow: 'auto' }}
        >
          {offers.map((o) => {
            const label = variantText(o.attributes) || 'Единственный вариант';
            const quantity = quantities[o.id] ?? '1';
            const n = Number(quantity);
            const valid = Number.isInteger(n) && n >= 1 && n <= 9999;
            const asked = o.article.toUpperCase() === article;
            return (
              <Box
                component="li"
                key={o.id}
                data-testid="picker-variant"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  px: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  // The variant of the article typed: a mark beside it, not a tint the buttons lose contrast on.
                  borderLeft: 3,
                  borderLeftColor: asked ? 'primary.main' : 'transparent',
                }}
              >
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography variant="body2">{label}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    Арт. {o.article} · {formatRubles(o.salePrice)} ·{' '}
                    {o.stock > 0 ? `на складе ${piecesText(o.stock)}` : 'нет в наличии'}
                  </Typography>
                </Box>
                <TextField
                  size="small"
                  type="number"
                  value={quantity}
                  onChange={(e) => setQuantities({ ...quantities, [o.id]: e.target.value })}
                  error={!valid}
                  disabled={o.stock <= 0}
                  slotProps={{
                    htmlInput: {
                      min: 1,
                      max: 9999,
                      step: 1,
                      'aria-label': `Количество: ${label}, арт. ${o.article}`,
                    },
                  }}
                  sx={{ width: 80 }}
                />
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<AddIcon />}
                  disabled={!valid || o.stock <= 0}
                  onClick={() => {
                    onAdd(o.article, n, {
                      title: product.title,
                      image: product.images[0]?.url ?? null,
                      variant: variantText(o.attributes),
                    });
                    setQuantities({ ...quantities, [o.id]: '1' });
                  }}
                  aria-label={`Добавить: ${label}, арт. ${o.article}`}
                >
                  Добавить
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/** The search box, what it found, and the chosen product's variants; `onAdd` puts a variant in the order. */
export function ProductPicker({ onAdd }: { onAdd: AddOffer }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ProductPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useFound(text);

  const open = async (p: SearchProduct) => {
    setError(null);
    try {
      setChosen(await callAdmin((api) => api.catalog.product(p.slug)));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Box data-testid="product-picker">
      <TextField
        label="Найти товар"
        helperText="Название, слова из названия или артикул, например «клей» или «GL23-5ML»"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setChosen(null);
        }}
        fullWidth
        autoComplete="off"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {found.error || error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {found.error ?? error}
        </Alert>
      ) : null}
      {chosen ? (
        <>
          <Button size="small" onClick={() => setChosen(null)} sx={{ mt: 1 }}>
            ← К найденным товарам
          </Button>
          <Variants product={chosen} wanted={text} onAdd={onAdd} />
        </>
      ) : found.products.length > 0 ? (
        <List dense aria-label="Найденные товары" sx={{ maxHeight: 420, overflow: 'auto' }}>
          {found.products.map((p) => (
            <ListItem key={p.id} disablePadding>
              <ListItemButton onClick={() => void open(p)} sx={{ gap: 1.5 }} data-testid="picker-product">
                <Thumb src={p.announceImageUrl} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2">{p.title}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.offersCount > 1 ? 'от ' : ''}
                    {formatRubles(p.salePrice)} · {p.inStock ? 'в наличии' : 'нет в наличии'}
                    {p.offersCount > 1 ? ` · вариантов: ${p.offersCount}` : ''}
                  </Typography>
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : found.searching ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Ищем…
        </Typography>
      ) : text.trim().length >= 2 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Ничего не нашлось: проверьте слово или артикул
        </Typography>
      ) : null}
    </Box>
  );
}
