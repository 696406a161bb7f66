/**
 * draft-convert can close overlapping marks in the wrong order ("<strong><span>a</strong></span>")
 * when one mark ends where another starts. The set of elements it closes at that point is right,
 * only their order is not: put each run of closing tags in the order the elements were opened.
 * Anything else that is mis-nested is closed and reopened around the stray closing tag.
 */

const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/g;
const VOID = new Set(['br', 'hr', 'img']);

interface Token {
  text: string;
  closing?: string;
  opening?: string;
}

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    if (match.index > last) tokens.push({ text: html.slice(last, match.index) });
    const [text, slash, name] = match as unknown as [string, string, string];
    if (slash) tokens.push({ text, closing: name });
    else if (VOID.has(name)) tokens.push({ text });
    else tokens.push({ text, opening: name });
    last = match.index + text.length;
  }
  if (last < html.length) tokens.push({ text: html.slice(last) });
  return tokens;
}

export function repairNesting(html: string): string {
  const tokens = tokenize(html);
  const stack: { name: string; tag: string }[] = [];
  let out = '';
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.opening) {
      stack.push({ name: token.opening, tag: token.text });
      out += token.text;
      continue;
    }
    if (!token.closing) {
      out += token.text;
      continue;
    }
    let end = index;
    while (tokens[end + 1]?.closing) end++;
    const names = tokens.slice(index, end + 1).map((t) => t.closing!);
    const top = stack.slice(stack.length - names.length).map((element) => element.name);
    if (names.length <= stack.length && [...names].sort().join() === [...top].sort().join()) {
      for (let count = 0; count < names.length; count++) out += `</${stack.pop()!.name}>`;
      index = end;
      continue;
    }
    out += closeOne(stack, token.closing);
  }
  return out;
}

function closeOne(stack: { name: string; tag: string }[], name: string): string {
  if (!stack.some((element) => element.name === name)) return '';
  let out = '';
  const reopen: { name: string; tag: string }[] = [];
  while (stack[stack.length - 1]!.name !== name) {
    const element = stack.pop()!;
    out += `</${element.name}>`;
    reopen.unshift(element);
  }
  stack.pop();
  out += `</${name}>`;
  for (const element of reopen) {
    out += element.tag;
    stack.push(element);
  }
  return out;
}
