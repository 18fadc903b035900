// Names in running text are put in «ёлочки»; a name that has its own quotes («Студия ресниц «Взгляд»»,
// ООО "Ромашка") gets „лапки“ inside, as Russian typography nests them, never «…«…»».

/** «name», its own quotes turned into „…“: quoted('Студия «Взгляд»') → «Студия „Взгляд“». */
export function quoted(name: string): string {
  return `«${innerQuotes(name.trim())}»`;
}

/** A name's own quotes as the inner pair: «…» and "…" → „…“. */
export function innerQuotes(name: string): string {
  return name.replace(/«([^«»]*)»/g, '„$1“').replace(/"([^"]*)"/g, '„$1“');
}
