import { describe, expect, it } from 'vitest';
import { arialWidth, textWidth } from '../../../src/content/arial-widths.js';
import { PRE_PUBLISH_MESSAGES } from '../../../src/editor/form/pre-publish-panel.js';
import { cutToWidth, forbiddenTermsIn, prePublishChecks, SEARCH_DESCRIPTION, SEARCH_TITLE, warningsOf, type PrePublishInput } from '../../../src/content/pre-publish-checks.js';

const GOOD: PrePublishInput = {
  titulo: 'Como medir a pressão arterial no consultório',
  descricao: 'O passo a passo da medida da pressão arterial no consultório, do repouso do paciente ao registro no prontuário.',
  conteudo: '<p>Antes de medir, o paciente descansa cinco minutos.</p><h2>O aparelho</h2><p>Use um aparelho validado.</p><h3>Manguito</h3><p><img src="/a.jpg" alt="Manguito no braço"></p><h2>O registro</h2>',
  imagemPrincipal: { alt: 'Enfermeira mede a pressão de um paciente', legenda: '' },
  clinico: true,
  referencias: 2,
  revisada: true,
};

const check = (input: Partial<PrePublishInput>, regra: string) => prePublishChecks({ ...GOOD, ...input }).checks.find((item) => item.regra === regra);

describe('Arial widths', () => {
  it('measures with the font metrics, accented letters as their base letter', () => {
    expect(arialWidth('a')).toBe(556);
    expect(arialWidth('i')).toBe(222);
    expect(arialWidth('W')).toBe(944);
    expect(arialWidth('ã')).toBe(arialWidth('a'));
    expect(arialWidth('Ç')).toBe(arialWidth('C'));
    expect(textWidth('mmmm', 20)).toBeCloseTo(66.64);
  });
});

describe('search result cut by width', () => {
  it('keeps a title that fits', () => {
    expect(cutToWidth(GOOD.titulo, SEARCH_TITLE.fontSize, SEARCH_TITLE.maxWidth)).toMatchObject({ texto: GOOD.titulo, cortado: false });
  });

  it('cuts by width, not by characters: narrow letters fit where wide ones do not', () => {
    const narrow = 'il '.repeat(40).trim();
    const wide = 'MW '.repeat(40).trim();
    expect(narrow.length).toBe(wide.length);
    expect(cutToWidth(narrow, 20, 580).cortado).toBe(false);
    const cut = cutToWidth(wide, 20, 580);
    expect(cut.cortado).toBe(true);
    expect(cut.texto.endsWith(' …')).toBe(true);
    expect(textWidth(cut.texto, 20)).toBeLessThanOrEqual(580);
  });

  it('cuts at a whole word and drops the punctuation before the ellipsis', () => {
    const title = 'Hipertensão arterial sistêmica: diagnóstico, tratamento, acompanhamento, metas, adesão e prontuário eletrônico no consultório';
    const cut = cutToWidth(title, SEARCH_TITLE.fontSize, SEARCH_TITLE.maxWidth);
    expect(cut.cortado).toBe(true);
    expect(cut.texto).toBe('Hipertensão arterial sistêmica: diagnóstico, tratamento …');
    expect(title.startsWith(cut.texto.slice(0, -2))).toBe(true);
  });

  it('reports the cut title and description as warnings with the text shown', () => {
    const long = 'Hipertensão arterial sistêmica: diagnóstico, tratamento, acompanhamento, metas, adesão e prontuário eletrônico no consultório';
    const result = prePublishChecks({ ...GOOD, titulo: long, descricao: `${GOOD.descricao} ${GOOD.descricao}` });
    expect(result.busca.titulo.cortado).toBe(true);
    expect(result.busca.descricao.cortado).toBe(true);
    expect(textWidth(result.busca.descricao.texto, SEARCH_DESCRIPTION.fontSize)).toBeLessThanOrEqual(SEARCH_DESCRIPTION.maxWidth);
    expect(check({ titulo: long }, 'titulo-na-busca')).toMatchObject({ nivel: 'aviso' });
    expect(check({ titulo: long }, 'titulo-na-busca')!.mensagem).toContain('“Hipertensão arterial sistêmica: diagnóstico, tratamento …”');
    expect(check({}, 'titulo-na-busca')).toMatchObject({ nivel: 'ok' });
    expect(check({}, 'descricao-na-busca')).toMatchObject({ nivel: 'ok' });
  });
});

describe('description length', () => {
  it('accepts 70 to 160 characters and warns outside, with the count', () => {
    expect(check({}, 'tamanho-da-descricao')).toMatchObject({ nivel: 'ok' });
    expect(check({ descricao: 'a'.repeat(70) }, 'tamanho-da-descricao')).toMatchObject({ nivel: 'ok' });
    expect(check({ descricao: 'a'.repeat(160) }, 'tamanho-da-descricao')).toMatchObject({ nivel: 'ok' });
    expect(check({ descricao: 'Pressão alta.' }, 'tamanho-da-descricao')).toMatchObject({ nivel: 'aviso', mensagem: expect.stringContaining('13 caracteres') });
    expect(check({ descricao: 'é'.repeat(161) }, 'tamanho-da-descricao')).toMatchObject({ nivel: 'aviso', mensagem: expect.stringContaining('161 caracteres') });
  });
});

describe('alternative text', () => {
  it('passes when every image of the body and the main image has one (the caption stands in for the main image)', () => {
    expect(check({}, 'texto-alternativo')).toMatchObject({ nivel: 'ok', mensagem: 'As 2 imagens têm texto alternativo.' });
    expect(check({ imagemPrincipal: { alt: '', legenda: 'Medida da pressão' } }, 'texto-alternativo')).toMatchObject({ nivel: 'ok' });
    expect(check({ imagemPrincipal: null, conteudo: '<p>Sem imagens.</p>' }, 'texto-alternativo')).toMatchObject({ nivel: 'ok', mensagem: 'O artigo não tem imagens.' });
  });

  it('names the images without one', () => {
    const conteudo = '<p><img src="/a.jpg" alt="Manguito"></p><p><img src="/b.jpg" alt=""></p><p><img src="/c.jpg"></p>';
    expect(check({ conteudo }, 'texto-alternativo')!.mensagem).toBe('Sem texto alternativo: as imagens 2ª, 3ª do texto. Descreva o que cada imagem mostra, para quem não a vê.');
    expect(check({ imagemPrincipal: { alt: ' ', legenda: '' } }, 'texto-alternativo')).toMatchObject({ nivel: 'aviso', mensagem: expect.stringContaining('a imagem principal') });
  });
});

describe('headings in order', () => {
  it('passes h2 then h3 and back to h2', () => {
    expect(check({}, 'intertitulos')).toMatchObject({ nivel: 'ok' });
  });

  it('warns of an h3 before any h2, a skipped level and an h1 in the body', () => {
    expect(check({ conteudo: '<h3>Sintomas</h3><h2>Tratamento</h2>' }, 'intertitulos')).toMatchObject({ nivel: 'aviso', mensagem: 'O intertítulo “Sintomas” é H3 antes de qualquer H2: use H2, sem pular nível.' });
    expect(check({ conteudo: '<h2>Tratamento</h2><h4>Dose</h4>' }, 'intertitulos')!.mensagem).toBe('O intertítulo “Dose” é H4 logo depois de um H2: use H3, sem pular nível.');
    expect(check({ conteudo: '<h1>Outro título</h1>' }, 'intertitulos')).toMatchObject({ nivel: 'aviso', mensagem: expect.stringContaining('H1') });
  });
});

describe('clinical articles', () => {
  it('blocks without a medical review and passes with one', () => {
    expect(check({ revisada: false }, 'revisao-medica')).toMatchObject({ nivel: 'bloqueio' });
    expect(check({}, 'revisao-medica')).toMatchObject({ nivel: 'ok' });
  });

  it('warns without references', () => {
    expect(check({ referencias: 0 }, 'referencias')).toMatchObject({ nivel: 'aviso' });
    expect(check({ referencias: 1 }, 'referencias')).toMatchObject({ nivel: 'ok', mensagem: 'O artigo cita 1 referência.' });
  });

  it('finds forbidden promotional terms whatever the accents and case, whole words only, and names them', () => {
    expect(forbiddenTermsIn('Resultado GARANTIDO com o novo tratamento')).toEqual(['garantido']);
    expect(forbiddenTermsIn('Um remédio Milagroso, 100% natural e SEM RISCOS')).toEqual(['milagroso', 'sem riscos', '100%']);
    expect(forbiddenTermsIn('A cura   definitiva da enxaqueca')).toEqual(['cura definitiva']);
    expect(forbiddenTermsIn('Ó melhor horário para medir')).toEqual(['o melhor']);
    expect(forbiddenTermsIn('Resultados garantidos, o melhoramento do fluxo, 1100% e 100 % dos casos, riscos sem')).toEqual([]);
    expect(forbiddenTermsIn('O prognóstico é bom na maioria dos casos.')).toEqual([]);
    const found = check({ conteudo: '<p>Tratamento milagroso, resultado garantido.</p>' }, 'termos-promocionais');
    expect(found).toMatchObject({ nivel: 'aviso', mensagem: expect.stringContaining('“garantido”, “milagroso”') });
    expect(check({}, 'termos-promocionais')).toMatchObject({ nivel: 'ok' });
  });

  it('leaves the clinical rules out of an article that is not clinical', () => {
    const result = prePublishChecks({ ...GOOD, clinico: false, revisada: false, referencias: 0, conteudo: '<p>Resultado garantido.</p>' });
    expect(result.checks.map((item) => item.regra)).toEqual(['campos-obrigatorios', 'titulo-na-busca', 'descricao-na-busca', 'tamanho-da-descricao', 'texto-alternativo', 'intertitulos']);
  });

  it('returns the warnings only, without passes or the block', () => {
    const result = prePublishChecks({ ...GOOD, revisada: false, referencias: 0 });
    expect(warningsOf(result.checks)).toEqual([{ regra: 'referencias', mensagem: 'Nenhuma referência: cite ao menos uma fonte do que o artigo afirma.' }]);
  });

  it('blocks while a required field is empty, naming each, so the summary never says it may be published', () => {
    expect(check({}, 'campos-obrigatorios')).toMatchObject({ nivel: 'ok' });
    expect(check({ titulo_url: 'medir-a-pressao' }, 'campos-obrigatorios')).toMatchObject({ nivel: 'ok' });
    expect(check({ conteudo: '<p><img src="/a.jpg" alt="Só a foto"></p>' }, 'campos-obrigatorios')).toMatchObject({ nivel: 'ok' });
    const empty = check({ clinico: false, titulo_url: ' ', descricao: '', conteudo: '<p> </p>' }, 'campos-obrigatorios');
    expect(empty).toEqual({
      regra: 'campos-obrigatorios',
      nivel: 'bloqueio',
      mensagem: 'Preencha o endereço (URL), a descrição e o texto: sem isso, o artigo não pode ser publicado.',
      resumo: 'falta preencher o endereço (URL), a descrição e o texto',
    });
    const blocks = prePublishChecks({ ...GOOD, descricao: '', revisada: false }).checks.filter((item) => item.nivel === 'bloqueio');
    expect(PRE_PUBLISH_MESSAGES.summary(blocks, 1)).toBe('Ainda não pode ser publicado: falta preencher a descrição e falta a revisão médica, e há 1 aviso.');
    expect(warningsOf(prePublishChecks({ ...GOOD, descricao: '' }).checks).map((warning) => warning.regra)).not.toContain('campos-obrigatorios');
  });
});
