/**
 * A small, strict XML parser for tests: it throws on anything not well-formed (unclosed or crossed tags,
 * unquoted or repeated attributes, stray "<" or "&", undeclared entities, text outside the root) and
 * returns a tree to query. Enough for RSS and sitemaps; no DTDs, no namespaces resolution.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated text of this element's direct text and CDATA nodes, entities decoded. */
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (/<|&(?!(#\d+|#x[0-9a-fA-F]+|[A-Za-z]+);)/.test(raw)) throw new Error(`"<" ou "&" solto perto da posição ${at}`);
  return raw.replace(/&(#\d+|#x[0-9a-fA-F]+|[A-Za-z]+);/g, (_match, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = PREDEFINED[ref];
    if (value === undefined) throw new Error(`entidade não declarada &${ref}; perto da posição ${at}`);
    return value;
  });
}

export function parseXml(source: string): XmlElement {
  let pos = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;

  const skipProlog = () => {
    for (;;) {
      const rest = source.slice(pos);
      const space = /^\s+/.exec(rest);
      if (space) pos += space[0].length;
      else if (rest.startsWith('<?')) pos = source.indexOf('?>', pos) + 2;
      else if (rest.startsWith('<!--')) pos = source.indexOf('-->', pos) + 3;
      else return;
      if (pos < 2) throw new Error('instrução ou comentário sem fim');
    }
  };

  if (source.charCodeAt(0) === 0xfeff) pos = 1;
  skipProlog();
  while (pos < source.length) {
    const current = stack.at(-1);
    if (!current) {
      if (root) {
        skipProlog();
        if (pos < source.length) throw new Error(`conteúdo depois do elemento raiz na posição ${pos}`);
        break;
      }
      if (source[pos] !== '<') throw new Error(`texto fora do elemento raiz na posição ${pos}`);
    }
    if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos);
      if (end === -1) throw new Error('comentário sem fim');
      pos = end + 3;
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos);
      if (end === -1 || !current) throw new Error('CDATA inválido');
      current.text += source.slice(pos + 9, end);
      pos = end + 3;
    } else if (source.startsWith('</', pos)) {
      const match = /^<\/([^\s>]+)\s*>/.exec(source.slice(pos));
      if (!match || !current || match[1] !== current.name) {
        throw new Error(`fechamento inesperado ${match?.[1] ?? '?'} (aberto: ${current?.name ?? 'nenhum'}) na posição ${pos}`);
      }
      stack.pop();
      pos += match[0].length;
    } else if (source[pos] === '<') {
      const name = NAME.exec(source.slice(pos + 1))?.[0];
      if (!name) throw new Error(`nome de elemento inválido na posição ${pos}`);
      pos += 1 + name.length;
      const element: XmlElement = { name, attributes: {}, children: [], text: '' };
      for (;;) {
        const attribute = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(source.slice(pos));
        if (!attribute) break;
        const [whole, attrName, , double, single] = attribute;
        if (attrName! in element.attributes) throw new Error(`atributo repetido ${attrName} em ${name}`);
        element.attributes[attrName!] = decode(double ?? single ?? '', pos);
        pos += whole.length;
      }
      const close = /^\s*(\/?)>/.exec(source.slice(pos));
      if (!close) throw new Error(`tag ${name} malformada na posição ${pos}`);
      pos += close[0].length;
      if (current) current.children.push(element);
      else root = element;
      if (!close[1]) stack.push(element);
    } else {
      const end = source.indexOf('<', pos);
      const raw = source.slice(pos, end === -1 ? source.length : end);
      if (!current) throw new Error(`texto fora do elemento raiz na posição ${pos}`);
      current.text += decode(raw, pos);
      pos += raw.length;
    }
  }
  if (stack.length > 0) throw new Error(`elemento ${stack.at(-1)!.name} não fechado`);
  if (!root) throw new Error('documento sem elemento raiz');
  return root;
}

export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((candidate) => candidate.name === name);
}
