import type { CategoryNode } from '@shop/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { HeaderDropdown } from './HeaderDropdown';
import { Icon } from '../../ui/Icon';

/** A category's page (spec §2: /catalog/{slug}). */
export const categoryPath = (category: Pick<CategoryNode, 'slug'>) => `/catalog/${category.slug}`;

function CategoryImage({ category, size }: { category: CategoryNode; size: number }) {
  return (
    <span className="catalog-menu__image" style={{ width: size, height: size }}>
      {category.image && (
        <img src={category.image.url} alt="" width={size} height={size} loading="lazy" decoding="async" />
      )}
    </span>
  );
}

/**
 * The catalogue menu of the desktop header (spec §2): the top-level categories on the left, each with its
 * image and title; the one under the pointer or the keyboard focus shows its subcategories on the right.
 */
export function CatalogMenu({ categories }: { categories: CategoryNode[] }) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const active = categories.find((c) => c.id === activeId) ?? categories[0];

  return (
    <HeaderDropdown
      label={
        <>
          <Icon name="catalog" size={20} />
          Каталог
        </>
      }
      buttonClassName="button button--primary site-header__catalog"
      panelClassName="header-panel catalog-menu"
      panelLabel="Каталог товаров"
      className="header-dropdown--wide"
    >
      <div className="container catalog-menu__inner">
        <ul className="catalog-menu__roots">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={categoryPath(category)}
                className="catalog-menu__root"
                aria-current={category.id === active?.id ? 'true' : undefined}
                onPointerEnter={() => setActiveId(category.id)}
                onFocus={() => setActiveId(category.id)}
              >
                <CategoryImage category={category} size={40} />
                <span className="catalog-menu__root-title">{category.title}</span>
                {category.children.length > 0 && <Icon name="chevronRight" size={16} />}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/catalog" className="catalog-menu__root catalog-menu__all">
              Весь каталог
            </Link>
          </li>
        </ul>
        {active && (
          <div className="catalog-menu__children">
            <Link to={categoryPath(active)} className="catalog-menu__heading">
              {active.title}
              <Icon name="chevronRight" size={18} />
            </Link>
            {active.children.length > 0 ? (
              <ul className="catalog-menu__grid">
                {active.children.map((child) => (
                  <li key={child.id}>
                    <Link to={categoryPath(child)} className="catalog-menu__child">
                      <CategoryImage category={child} size={72} />
                      <span>{child.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <Link to={categoryPath(active)} className="catalog-menu__child">
                <CategoryImage category={active} size={72} />
                <span>Все товары раздела</span>
              </Link>
            )}
          </div>
        )}
      </div>
    </HeaderDropdown>
  );
}

/** О компании and the pages around it (spec §2: the company dropdown). */
export const COMPANY_LINKS = [
  { to: '/company', label: 'О компании' },
  { to: '/company/activity', label: 'Деятельность' },
  { to: '/company/reviews', label: 'Отзывы' },
  { to: '/company/interesting', label: 'Интересное' },
  { to: '/contacts', label: 'Контакты' },
  { to: '/where-buy', label: 'Где купить' },
  { to: '/payment-and-delivery', label: 'Оплата и доставка' },
  { to: '/loyalty', label: 'Программа лояльности' },
] as const;

export function CompanyMenu() {
  return (
    <HeaderDropdown
      label="Компания"
      buttonClassName="site-nav__link"
      panelClassName="header-panel header-panel--small company-menu"
      panelLabel="О компании"
    >
      <ul>
        {COMPANY_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="company-menu__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </HeaderDropdown>
  );
}
