/**
 * The language and direction attributes of a piece of user text (a product name) shown inside the English
 * page: a name that starts in the Arabic script (Urdu, the shops' second language: `چائے کی پتی`) is marked
 * `lang="ur"` and `dir="rtl"`, so it reads and is spoken in the right order; anything else takes its
 * direction from its own first letter (`dir="auto"`) and the page's language.
 */
export function textLangProps(text: string): { lang?: 'ur'; dir: 'rtl' | 'auto' } {
  const first = /\p{L}/u.exec(text)?.[0];
  return first !== undefined && /\p{Script=Arabic}/u.test(first) ? { lang: 'ur', dir: 'rtl' } : { dir: 'auto' };
}
