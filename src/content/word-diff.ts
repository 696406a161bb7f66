import { diffArrays, diffWordsWithSpace } from 'diff';

export type PieceKind = 'igual' | 'adicionado' | 'removido';

export interface Piece {
  kind: PieceKind;
  text: string;
}

/** One line of the compared text (a paragraph, heading or list item) and whether anything in it changed. */
export interface DiffLine {
  pieces: Piece[];
  changed: boolean;
}

export interface DiffCounts {
  added: number;
  removed: number;
}

/**
 * Past this many edits two texts have little in common: the word diff's cost grows with edits times
 * length (0.15 to 0.25 s for 600 edits over 6,000 words on one paragraph, 0.3 to 0.9 s for 1,000), and
 * a page render must not hold the server, so such texts are shown as removed and added whole instead.
 * Articles are compared paragraph by paragraph first (textDiff), where this is never reached.
 */
const MAX_EDITS = 600;

/** Words added and removed from `before` to `after`; spaces and line breaks are words too, so lines survive. */
export function wordDiff(before: string, after: string): Piece[] {
  if (before === after) return before ? [{ kind: 'igual', text: before }] : [];
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDITS });
  if (!changes) return wholeReplacement(before, after);
  const pieces: Piece[] = changes.map((change) => ({ kind: change.added ? 'adicionado' : change.removed ? 'removido' : 'igual', text: change.value }));
  return sharesLittle(pieces) ? wholeReplacement(before, after) : coalesced(pieces);
}

/**
 * Changes separated only by spaces read as one: "os lembretes por WhatsApp" added is one mark, not
 * four, and a replaced phrase is its old words, then its new ones. A line break ends a phrase.
 */
function coalesced(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  const push = (piece: Piece) => {
    const last = out.at(-1);
    if (last?.kind === 'igual' && piece.kind === 'igual') last.text += piece.text;
    else out.push({ ...piece });
  };
  let run: Piece[] = [];
  const flush = () => {
    const trailing: Piece[] = [];
    while (run.at(-1)?.kind === 'igual') trailing.unshift(run.pop()!);
    // One side of the phrase: its own words and the spaces between them.
    const side = (kind: PieceKind) => (run.some((piece) => piece.kind === kind) ? run.filter((piece) => piece.kind !== opposite(kind)).map((piece) => piece.text).join('') : '');
    const removed = side('removido');
    const added = side('adicionado');
    // Spaces at a change's edges belong to the text around it: the mark covers words only.
    const shown = added || removed;
    const lead = /^\s*/.exec(shown)![0];
    const tail = shown.trim() ? /\s*$/.exec(shown)![0] : '';
    if (lead) push({ kind: 'igual', text: lead });
    if (removed.trim()) push({ kind: 'removido', text: removed.trim() });
    if (added.trim()) push({ kind: 'adicionado', text: added.trim() });
    if (tail) push({ kind: 'igual', text: tail });
    trailing.forEach(push);
    run = [];
  };
  for (const piece of pieces) {
    const spacer = piece.kind === 'igual' && /^[^\S\n]+$/.test(piece.text);
    if (piece.kind !== 'igual' || (spacer && run.length > 0)) run.push(piece);
    else {
      flush();
      push(piece);
    }
  }
  flush();
  return out;
}

function opposite(kind: PieceKind): PieceKind {
  return kind === 'adicionado' ? 'removido' : 'adicionado';
}

function wholeReplacement(before: string, after: string): Piece[] {
  return [
    ...(before ? [{ kind: 'removido' as const, text: before }] : []),
    ...(after ? [{ kind: 'adicionado' as const, text: after }] : []),
  ];
}

/**
 * A rewritten sentence diffed word by word is a soup of marks around "de" and "o": when fewer than a
 * third of the longer side's words are kept, the old and new texts read better whole, one after the other.
 */
function sharesLittle(pieces: readonly Piece[]): boolean {
  const kept = wordsOf(pieces, 'igual');
  const { added, removed } = diffCounts(pieces);
  return added > 0 && removed > 0 && kept * 3 < Math.max(kept + added, kept + removed);
}

/**
 * Texts of many lines (an article's paragraphs): lines are matched first, then words only inside the
 * lines that changed, so a long article costs what its changes cost, not its length squared.
 */
export function textDiff(before: string, after: string): DiffLine[] {
  const changes = diffArrays(before ? before.split('\n') : [], after ? after.split('\n') : []);
  const lines: DiffLine[] = [];
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index]!;
    if (!change.added && !change.removed) {
      lines.push(...change.value.map((text) => ({ pieces: [{ kind: 'igual' as const, text }], changed: false })));
      continue;
    }
    // A replaced run of lines comes as removed then added: as many lines each side are edits of each
    // other, compared pairwise; otherwise the two runs are compared word by word as a whole.
    const next = changes[index + 1];
    const removed = change.removed ? change.value : [];
    const added = change.removed ? (next?.added ? next.value : []) : change.value;
    if (change.removed && next?.added) index += 1;
    const pairs = removed.length === added.length ? removed.map((line, at) => [line, added[at]!]) : [[removed.join('\n'), added.join('\n')]];
    for (const [before, after] of pairs) {
      const pieces = wordDiff(before!, after!);
      // A paragraph rewritten whole reads as the old one, then the new one, on lines of their own.
      const rewritten = pieces.length === 2 && pieces[0]!.kind === 'removido' && pieces[1]!.kind === 'adicionado';
      lines.push(...(rewritten ? pieces.flatMap((piece) => diffLines([piece])) : diffLines(pieces)));
    }
  }
  return lines;
}

/** The pieces cut at line breaks, for text shown one paragraph at a time. */
function diffLines(pieces: Piece[]): DiffLine[] {
  const lines: DiffLine[] = [{ pieces: [], changed: false }];
  for (const piece of pieces) {
    piece.text.split('\n').forEach((part, index) => {
      if (index > 0) lines.push({ pieces: [], changed: false });
      const line = lines.at(-1)!;
      if (part) line.pieces.push({ kind: piece.kind, text: part });
      // A line break added or removed changes both lines it joins or splits.
      if (piece.kind !== 'igual' && (part.trim() || index > 0)) line.changed = true;
    });
  }
  return lines.filter((line) => line.pieces.length > 0);
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

function wordsOf(pieces: readonly Piece[], kind: PieceKind): number {
  return pieces.filter((piece) => piece.kind === kind).reduce((sum, piece) => sum + (piece.text.match(WORD)?.length ?? 0), 0);
}

/** How many words were added and removed. */
export function diffCounts(pieces: readonly Piece[]): DiffCounts {
  return { added: wordsOf(pieces, 'adicionado'), removed: wordsOf(pieces, 'removido') };
}
