import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A newsletter campaign's body as it goes out: HTML that only holds what an email may hold, and a
 * plain-text version of the same words. Pure functions, no I/O.
 */

export type CampaignFormat = 'markdown' | 'html';

export interface CampaignContent {
  html: string;
  text: string;
}

/** Our own instance: a `marked.use()` elsewhere cannot change how campaigns render. */
const markdown = new Marked({ gfm: true });

const LINK_SCHEMES = /^(?:https?|mailto):/i;
const IMAGE_SCHEME = /^https:\/\//i;

/** `attribs` in their order, `name` kept (trimmed) only when `test` accepts its value. */
function keepAttribute(
  attribs: sanitizeHtml.Attributes,
  name: string,
  test: RegExp,
): sanitizeHtml.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).flatMap(([key, value]): [string, string][] => {
      if (key !== name) return [[key, value]];
      const trimmed = value.trim();
      return test.test(trimmed) ? [[key, trimmed]] : [];
    }),
  );
}

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  // Not in Markdown's output, but pasted HTML uses it for paragraphs: without it their words
  // would run together.
  'div',
  'br',
  'hr',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
  'pre',
  'span',
];

/**
 * What an email may hold. Links: http, https and mailto only (a relative link leads nowhere from
 * a mailbox). Images: https only (mail clients block or warn about the others), and an image
 * without a usable source is dropped. No style, class or on* attribute anywhere.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not only their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'head',
    'title',
    'template',
    'iframe',
    'object',
    'svg',
    'math',
    'noembed',
    'noframes',
  ],
  transformTags: {
    // Markdown's ~~strike~~ and deeper headings, as the tags we keep.
    del: 's',
    strike: 's',
    ins: 'u',
    h5: 'h4',
    h6: 'h4',
    tfoot: 'tbody',
    a: (tagName, attribs) => {
      const kept = keepAttribute(attribs, 'href', LINK_SCHEMES);
      // A link that leads nowhere we allow is plain text.
      return kept.href === undefined
        ? { tagName: 'span', attribs: {} }
        : { tagName, attribs: kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: keepAttribute(attribs, 'src', IMAGE_SCHEME) }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

export function renderCampaignContent(format: CampaignFormat, body: string): CampaignContent {
  const html = sanitizeCampaignHtml(
    format === 'markdown' ? markdown.parse(body, { async: false }) : body,
  );
  // The text part is read from the HTML that is sent, whatever was written: no Markdown syntax
  // left for a reader to decode, and nothing of what the sanitizer took out (a script's words).
  return { html, text: htmlToText(html) };
}

// ---------------------------------------------------------------------------------------------
// Plain text

/** Blank-line runs collapsed, no trailing spaces, no leading or trailing blank lines. */
function tidyText(text: string): string {
  return text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** 'mailto:a@b.ca' reads 'a@b.ca'. */
const displayUrl = (url: string): string => url.replace(/^mailto:/i, '');

/** 'label (url)', or just the address when the label is the address. */
function linkText(label: string, url: string): string {
  const shown = displayUrl(url);
  const trimmed = label.trim();
  return trimmed === '' || trimmed === shown || trimmed === url ? shown : `${trimmed} (${shown})`;
}

interface Element {
  tag: string;
  attribs: Record<string, string>;
  children: Node[];
}
type Node = Element | string;

/** The elements that start a block of their own; the others flow inside a line. */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

const elements = (nodes: Node[]): Element[] =>
  nodes.filter((node): node is Element => typeof node !== 'string');

/**
 * The tree of an HTML fragment, read with sanitize-html's own parser: the callbacks see every
 * open tag, text and close tag in document order (void elements are closed at once). Text comes
 * HTML-escaped (&amp; &lt; &gt;), attributes decoded.
 */
function parseHtml(html: string): Element {
  const root: Element = { tag: '#root', attribs: {}, children: [] };
  const stack: Element[] = [root];
  const current = (): Element => stack[stack.length - 1] ?? root;
  sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: false,
    parseStyleAttributes: false,
    onOpenTag: (tag, attribs) => {
      const element: Element = { tag, attribs, children: [] };
      current().children.push(element);
      stack.push(element);
    },
    onCloseTag: (tag) => {
      const index = stack.findLastIndex((element) => element.tag === tag);
      if (index > 0) stack.length = index;
    },
    textFilter: (text) => {
      current().children.push(
        text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
      );
      return text;
    },
  });
  return root;
}

/** Text as a browser lays it out: whitespace runs are one space. */
const collapse = (text: string): string => text.replace(/[ \t\n\r\f]+/g, ' ');

/** Every line trimmed, inner runs of spaces collapsed, empty lines at the edges dropped. */
function tidyLines(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

function rawText(node: Node): string {
  return typeof node === 'string' ? node : node.children.map(rawText).join('');
}

function inlineText(node: Node): string {
  if (typeof node === 'string') return collapse(node);
  switch (node.tag) {
    case 'br':
      return '\n';
    case 'img':
      return node.attribs.alt ?? '';
    case 'a': {
      const label = tidyLines(node.children.map(inlineText).join(''));
      const href = node.attribs.href;
      return href === undefined ? label : linkText(label, href);
    }
    default:
      return BLOCK_TAGS.has(node.tag)
        ? `\n${blocks(node.children).join('\n')}\n`
        : node.children.map(inlineText).join('');
  }
}

/** The blocks of `nodes`, inline runs between them gathered into paragraphs. */
function blocks(nodes: Node[]): string[] {
  const found: string[] = [];
  let line = '';
  const flush = () => {
    const text = tidyLines(line);
    if (text !== '') found.push(text);
    line = '';
  };
  for (const node of nodes) {
    if (typeof node !== 'string' && BLOCK_TAGS.has(node.tag)) {
      flush();
      const text = blockText(node);
      if (text !== '') found.push(text);
    } else {
      line += inlineText(node);
    }
  }
  flush();
  return found;
}

/** `marker` before the first line of `text`, as many spaces before the others. */
function indentItem(text: string, marker: string): string {
  const indent = ' '.repeat(marker.length);
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? marker + line : line === '' ? line : indent + line))
    .join('\n');
}

function listText(list: Element): string {
  const items = elements(list.children);
  return items
    .map((item, index) => {
      const marker = list.tag === 'ol' ? `${String(index + 1)}. ` : '- ';
      const body = blocks(item.tag === 'li' ? item.children : [item]).join('\n');
      return indentItem(body, marker);
    })
    .join('\n');
}

function rows(table: Element): Element[] {
  return elements(table.children).flatMap((child) =>
    child.tag === 'tr' ? [child] : child.tag === 'table' ? [] : rows(child),
  );
}

/**
 * A data table is one line per row, cells between ' | '. A table used for layout (a cell holding
 * paragraphs or lines of its own) is its cells' blocks one after the other.
 */
function tableText(table: Element): string {
  const cells = rows(table).map((row) =>
    elements(row.children).map((cell) => blocks(cell.children).join('\n\n')),
  );
  if (cells.some((row) => row.some((cell) => cell.includes('\n')))) {
    return cells
      .flat()
      .filter((cell) => cell !== '')
      .join('\n\n');
  }
  return cells
    .map((row) => row.join(' | '))
    .filter((row) => row.replace(/[\s|]/g, '') !== '')
    .join('\n');
}

function blockText(element: Element): string {
  switch (element.tag) {
    case 'hr':
      return '-'.repeat(24);
    case 'pre':
      // A browser drops the line break that follows <pre>.
      return rawText(element)
        .replace(/^\r?\n/, '')
        .replace(/\s+$/, '');
    case 'blockquote':
      return blocks(element.children)
        .join('\n\n')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    case 'ul':
    case 'ol':
      return listText(element);
    case 'table':
      return tableText(element);
    default:
      return blocks(element.children).join('\n\n');
  }
}

/**
 * Plain text of sanitized campaign HTML: blocks as paragraphs, lists with '-' or '1.', links as
 * 'label (url)', images as their alt text, entities decoded.
 */
function htmlToText(html: string): string {
  return tidyText(blocks(parseHtml(html).children).join('\n\n'));
}
