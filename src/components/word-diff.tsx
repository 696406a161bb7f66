import type { DiffCounts, DiffLine, Piece } from '../content/word-diff.js';

/**
 * A change is marked three ways: <ins>/<del> for assistive technology, a visible word ("adicionado",
 * "removido") and underline or strike-through, so colour is never the only sign.
 */
export function Added({ label = 'adicionado', children }: { label?: string; children: string }) {
  return (
    <ins>
      <span className="diff-tag">{label}</span>
      {children}
    </ins>
  );
}

export function Removed({ label = 'removido', children }: { label?: string; children: string }) {
  return (
    <del>
      <span className="diff-tag">{label}</span>
      {children}
    </del>
  );
}

/** The pieces of one line. A change of spaces alone is not worth a mark: the text reads as it is now. */
export function Pieces({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((piece, index) => {
        if (piece.kind === 'igual') return piece.text;
        if (!piece.text.trim()) return piece.kind === 'adicionado' ? piece.text : null;
        return piece.kind === 'adicionado' ? <Added key={index}>{piece.text}</Added> : <Removed key={index}>{piece.text}</Removed>;
      })}
    </>
  );
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;
}

/** "3 palavras adicionadas e 1 removida", or that nothing changed. */
export function countsSentence({ added, removed }: DiffCounts): string {
  if (added === 0 && removed === 0) return 'Sem mudança nas palavras.';
  return `${plural(added, 'palavra adicionada', 'palavras adicionadas')} e ${plural(removed, 'removida', 'removidas')}.`;
}

/** Changed lines in full; each run of unchanged ones folded into a count, so a long text shows what matters. */
export function DiffParagraphs({ lines }: { lines: DiffLine[] }) {
  const blocks: Array<{ kind: 'line'; line: DiffLine } | { kind: 'skip'; count: number }> = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    if (line.changed) blocks.push({ kind: 'line', line });
    else if (last?.kind === 'skip') last.count += 1;
    else blocks.push({ kind: 'skip', count: 1 });
  }
  return (
    <div className="diff-text">
      {blocks.map((block, index) =>
        block.kind === 'line' ? (
          <p key={index}>
            <Pieces pieces={block.line.pieces} />
          </p>
        ) : (
          <p key={index} className="diff-skip">
            {`(${plural(block.count, 'parágrafo sem mudança', 'parágrafos sem mudança')})`}
          </p>
        ),
      )}
    </div>
  );
}
