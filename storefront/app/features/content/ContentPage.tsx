import type { PublicPage } from '@shop/schemas';
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '../../ui/Breadcrumbs';
import { RichText } from './RichText';
import { SectionNav, type SectionLink } from './SectionNav';
import './content.css';

interface ContentPageProps {
  page: PublicPage;
  /** Crumbs between «Главная» and the page itself. */
  parents?: readonly Crumb[];
  /** The section's pages beside the text. */
  nav?: { label: string; links: readonly SectionLink[] };
  /** What follows the text (forms, lists, contact cards). */
  children?: ReactNode;
  /** What comes between the title and the text. */
  lead?: ReactNode;
}

/** A page of texts from the admin: breadcrumbs, the title, the text, and the section's navigation. */
export function ContentPage({ page, parents = [], nav, children, lead }: ContentPageProps) {
  return (
    <PageFrame title={page.title} crumbs={[...parents, { label: page.title }]} nav={nav}>
      {lead}
      <RichText html={page.content} />
      {children}
    </PageFrame>
  );
}

interface PageFrameProps {
  title: string;
  crumbs: readonly Crumb[];
  nav?: { label: string; links: readonly SectionLink[] };
  children?: ReactNode;
  /** A wide page (lists, maps) spends the whole column; a text page keeps lines readable. */
  wide?: boolean;
}

export function PageFrame({ title, crumbs, nav, children, wide = false }: PageFrameProps) {
  return (
    <div className={`content-page${nav ? ' content-page--with-nav' : ''}`}>
      <Breadcrumbs items={crumbs} />
      <h1 className="content-page__title">{title}</h1>
      {nav && <SectionNav label={nav.label} links={nav.links} />}
      <div className={`content-page__body${wide ? ' content-page__body--wide' : ''}`}>{children}</div>
    </div>
  );
}
