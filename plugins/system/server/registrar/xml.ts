/**
 * A small strict XML reader for registrar answers (Namecheap's XML API): elements, attributes,
 * text, the five named entities and character references, comments and the XML declaration.
 * Anything else (a DOCTYPE, CDATA, a tag left open, a stray `<`) is refused, so a page that is not
 * the API's answer (an HTML error page, a truncated body) fails loudly instead of reading as empty.
 */

export interface XmlElement {
  /** The local name, without any namespace prefix. */
  readonly name: string;
  /** By their names as written (`xmlns:a` stays so). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text, entities resolved, trimmed. */
  readonly text: string;
}

export class XmlSyntaxError extends Error {
  constructor(reason: string, at: number) {
    super(`malformed XML at character ${at}: ${reason}`);
    this.name = 'XmlSyntaxError';
  }
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const ENTITY = /&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/g;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (/&(?!(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)/.test(raw)) throw new XmlSyntaxError('an unknown entity', at);
  return raw.replace(ENTITY, (_, entity: string) => {
    if (!entity.startsWith('#')) return NAMED[entity] ?? '';
    const code = entity.startsWith('#x') ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    if (code > 0x10ffff) throw new XmlSyntaxError('a character reference out of range', at);
    return String.fromCodePoint(code);
  });
}

const localName = (qualified: string): string => qualified.slice(qualified.indexOf(':') + 1);

interface Open {
  readonly qualified: string;
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

/** The document's root element; throws XmlSyntaxError on anything but one well-formed element. */
export function parseXml(source: string): XmlElement {
  let at = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  const skipSpace = (): void => {
    while (at < source.length && /\s/.test(source[at] ?? '')) at += 1;
  };
  const readName = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(source);
    if (!match) throw new XmlSyntaxError('a name was expected', at);
    at = NAME.lastIndex;
    return match[0];
  };
  const close = (element: XmlElement): void => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new XmlSyntaxError('a second root element', at);
    else root = element;
  };

  skipSpace();
  if (source.startsWith('<?xml', at)) {
    const end = source.indexOf('?>', at);
    if (end < 0) throw new XmlSyntaxError('the declaration is not closed', at);
    at = end + 2;
  }
  while (at < source.length) {
    const open = stack[stack.length - 1];
    const next = source.indexOf('<', at);
    const text = source.slice(at, next < 0 ? source.length : next);
    if (open) open.text += decode(text, at);
    else if (text.trim() !== '') throw new XmlSyntaxError('text outside the root element', at);
    if (next < 0) break;
    at = next;
    if (source.startsWith('<!--', at)) {
      const end = source.indexOf('-->', at + 4);
      if (end < 0) throw new XmlSyntaxError('a comment is not closed', at);
      at = end + 3;
    } else if (source.startsWith('</', at)) {
      at += 2;
      const name = readName();
      skipSpace();
      if (source[at] !== '>') throw new XmlSyntaxError('a closing tag is not closed', at);
      at += 1;
      const element = stack.pop();
      if (!element || element.qualified !== name) throw new XmlSyntaxError(`</${name}> closes nothing open`, at);
      close({
        name: element.name,
        attributes: element.attributes,
        children: element.children,
        text: element.text.trim(),
      });
    } else {
      at += 1;
      if (!open && root) throw new XmlSyntaxError('a second root element', at);
      const qualified = readName();
      const attributes: Record<string, string> = {};
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const match = ATTRIBUTE.exec(source);
        if (!match) break;
        const key = match[1] ?? '';
        if (Object.hasOwn(attributes, key)) throw new XmlSyntaxError(`attribute ${key} given twice`, at);
        attributes[key] = decode(match[3] ?? match[4] ?? '', at);
        at = ATTRIBUTE.lastIndex;
      }
      skipSpace();
      if (source.startsWith('/>', at)) {
        at += 2;
        close({ name: localName(qualified), attributes, children: [], text: '' });
      } else if (source[at] === '>') {
        at += 1;
        stack.push({ qualified, name: localName(qualified), attributes, children: [], text: '' });
      } else {
        throw new XmlSyntaxError(`<${qualified}> is not closed`, at);
      }
    }
  }
  if (stack.length > 0) throw new XmlSyntaxError(`<${stack[stack.length - 1]?.qualified ?? ''}> is never closed`, at);
  if (!root) throw new XmlSyntaxError('no root element', at);
  return root;
}

/** The first child element named `name`, or null. */
export function childNamed(element: XmlElement, name: string): XmlElement | null {
  return element.children.find((child) => child.name === name) ?? null;
}

/** Every element named `name` below `element`, depth first. */
export function descendantsNamed(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    found.push(...descendantsNamed(child, name));
  }
  return found;
}
