import { describe, expect, it } from 'vitest';
import { articleText } from '../../../src/content/html-text.js';
import { fieldChanges, topicChanges } from '../../../src/content/version-changes.js';
import { unpackSnapshot } from '../../../src/db/revision-snapshots.js';
import { diffCounts, textDiff, wordDiff } from '../../../src/content/word-diff.js';
import type { RevisionSnapshot } from '../../../src/db/repository.js';

const snapshot: RevisionSnapshot = {
  titulo: 'Prontuário eletrônico',
  titulo_url: 'prontuario-eletronico',
  conteudo: '<p>Texto.</p>',
  descricao: '',
  keywords: 'prontuário, consultório',
  imagem_nome: null,
  imagem_caption: null,
  imagem_alt: null,
  imagem_width: null,
  imagem_height: null,
  status: 'rascunho',
  publicar_em: null,
  temas: ['LGPD', 'Agenda'],
};

describe('articleText', () => {
  it('reads sanitised HTML as one line per block, entities decoded and images named by their alternative text', () => {
    const html =
      '<h2>Receita &amp; atestado</h2><p>Primeira <strong>linha</strong><br />segunda</p>' +
      '<ul><li>um</li><li>dois</li></ul><p><img src="/a.png" alt="Balcão &quot;novo&quot;" /></p><p> </p><p><img src="/b.png" alt="" /></p>';
    expect(articleText(html)).toBe('Receita & atestado\nPrimeira linha\nsegunda\num\ndois\n[imagem: Balcão "novo"]\n[imagem: sem texto alternativo]');
  });
});

describe('wordDiff', () => {
  it('marks the words added and removed, keeping the rest', () => {
    const pieces = wordDiff('O prontuário antigo reúne tudo', 'O prontuário novo reúne tudo hoje');
    expect(pieces.filter((piece) => piece.kind !== 'igual')).toEqual([
      { kind: 'removido', text: 'antigo' },
      { kind: 'adicionado', text: 'novo' },
      { kind: 'adicionado', text: 'hoje' },
    ]);
    expect(pieces.map((piece) => (piece.kind === 'removido' ? '' : piece.text)).join('')).toBe('O prontuário novo reúne tudo hoje');
    expect(diffCounts(pieces)).toEqual({ added: 2, removed: 1 });
  });

  it('gives a rewritten text whole, removed then added, when it keeps under a third of its words', () => {
    expect(wordDiff('Texto que vai sair inteiro', 'Outra frase que entra')).toEqual([
      { kind: 'removido', text: 'Texto que vai sair inteiro' },
      { kind: 'adicionado', text: 'Outra frase que entra' },
    ]);
    expect(textDiff('Igual.\nTexto que vai sair inteiro.', 'Igual.\nOutra frase que entra.').map((line) => line.pieces)).toEqual([
      [{ kind: 'igual', text: 'Igual.' }],
      [{ kind: 'removido', text: 'Texto que vai sair inteiro.' }],
      [{ kind: 'adicionado', text: 'Outra frase que entra.' }],
    ]);
  });

  it('marks a phrase once, not word by word, and a replaced phrase as its old words then its new ones', () => {
    expect(wordDiff('a rotina do consultório e a segurança', 'a rotina do consultório, os lembretes por WhatsApp e a segurança').filter((piece) => piece.kind !== 'igual')).toEqual([
      { kind: 'adicionado', text: ', os lembretes por WhatsApp' },
    ]);
    expect(wordDiff('o prontuário antigo em papel do consultório', 'o prontuário novo eletrônico do consultório')).toEqual([
      { kind: 'igual', text: 'o prontuário ' },
      { kind: 'removido', text: 'antigo em papel' },
      { kind: 'adicionado', text: 'novo eletrônico' },
      { kind: 'igual', text: ' do consultório' },
    ]);
  });

  it('counts nothing when nothing changed, and everything when a side is empty', () => {
    expect(diffCounts(wordDiff('igual', 'igual'))).toEqual({ added: 0, removed: 0 });
    expect(wordDiff('', '')).toEqual([]);
    expect(diffCounts(wordDiff('', 'três palavras novas'))).toEqual({ added: 3, removed: 0 });
    expect(diffCounts(wordDiff('d’água pré-natal', ''))).toEqual({ added: 0, removed: 2 });
  });

  it('shows two unrelated long texts as one removal and one addition instead of holding the server', () => {
    const words = (seed: string) => Array.from({ length: 6_000 }, (_, index) => `${seed}${index}`).join(' ');
    const started = performance.now();
    const pieces = wordDiff(words('a'), words('b'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(pieces.map((piece) => piece.kind)).toEqual(['removido', 'adicionado']);
    expect(diffCounts(pieces)).toEqual({ added: 6_000, removed: 6_000 });
  });
});

describe('textDiff', () => {
  it('matches paragraphs first, then marks words inside the ones that changed', () => {
    const lines = textDiff('Um.\nDois antigos.\nTrês.', 'Um.\nDois novos.\nTrês.\nQuatro.');
    expect(lines.map((line) => line.changed)).toEqual([false, true, false, true]);
    expect(lines[1]!.pieces).toEqual([
      { kind: 'igual', text: 'Dois ' },
      { kind: 'removido', text: 'antigos' },
      { kind: 'adicionado', text: 'novos' },
      { kind: 'igual', text: '.' },
    ]);
    expect(lines[3]!.pieces).toEqual([{ kind: 'adicionado', text: 'Quatro.' }]);
    expect(textDiff('', 'Novo.').map((line) => line.pieces)).toEqual([[{ kind: 'adicionado', text: 'Novo.' }]]);
  });

  it('compares a 6,000-word article with 600 changed words quickly, word by word', () => {
    const paragraphs = Array.from({ length: 200 }, (_, p) => Array.from({ length: 30 }, (_, w) => `palavra${(p * 30 + w) % 700}`).join(' '));
    const edited = paragraphs.map((paragraph, p) => paragraph.split(' ').map((word, w) => ((p * 30 + w) % 10 === 0 ? `trocada${w}` : word)).join(' '));
    const started = performance.now();
    const lines = textDiff(paragraphs.join('\n'), edited.join('\n'));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(lines).toHaveLength(200);
    expect(diffCounts(lines.flatMap((line) => line.pieces))).toEqual({ added: 600, removed: 600 });
  });
});

describe('fieldChanges', () => {
  it('lists only the fields that differ, as an editor reads them', () => {
    const after: RevisionSnapshot = {
      ...snapshot,
      titulo: 'Outro título',
      status: 'agendado',
      publicar_em: '2030-01-01T15:00:00.000Z',
      keywords: 'prontuário',
      imagem_nome: 'capa.jpg',
      imagem_width: 1600,
      imagem_height: 900,
      imagem_caption: 'Capa',
    };
    expect(fieldChanges(snapshot, after)).toEqual([
      { label: 'Estado', before: 'Rascunho', after: 'Agendado para 01/01/2030, 12:00' },
      { label: 'Palavras-chave', before: 'prontuário, consultório', after: 'prontuário' },
      { label: 'Imagem principal', before: '(nenhuma)', after: 'capa.jpg (1600 × 900 px)' },
      { label: 'Legenda da imagem', before: '(nenhuma)', after: 'Capa' },
    ]);
    expect(fieldChanges(snapshot, { ...snapshot, conteudo: '<p>Outro.</p>', descricao: 'Nova' })).toEqual([]);
  });
});

describe('topicChanges', () => {
  it('lists the topics that entered and left, told apart by slug, and knows nothing of versions without them', () => {
    expect(topicChanges(snapshot, { ...snapshot, temas: ['lgpd', 'Telemedicina'] })).toEqual({ added: ['Telemedicina'], removed: ['Agenda'] });
    expect(topicChanges(snapshot, { ...snapshot, temas: ['Agenda', 'LGPD'] })).toEqual({ added: [], removed: [] });
    expect(topicChanges({ ...snapshot, temas: null }, snapshot)).toBeNull();
  });

  it('reads a revision saved before topics were recorded as having none known', async () => {
    const { temas: _temas, ...older } = snapshot;
    expect((await unpackSnapshot(JSON.stringify(older), null)).temas).toBeNull();
    expect((await unpackSnapshot(JSON.stringify(snapshot), null)).temas).toEqual(['LGPD', 'Agenda']);
  });
});
