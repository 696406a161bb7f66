// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { noticeMessages } from '../../../src/editor/html/import-notices.js';
import { plainTextToContent, readPastedHtml } from '../../../src/editor/html/paste-html.js';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';

const fixture = (name: string) => readFileSync(`test/fixtures/paste/${name}`, 'utf8');

/** Each clipboard of test/fixtures/paste, and the article HTML its paste must give. */
const CORPUS: [string, string, string[]][] = [
  [
    'google-docs.html',
    '<h2>Pressão arterial na atenção primária</h2><p>A meta para a maioria dos adultos é <strong>PA &lt; 130/80 mmHg</strong>, segundo a diretriz de 2020<sup>1</sup>. Veja a <a href="https://www.gov.br/saude/pt-br/assuntos/saude-de-a-a-z/h/hipertensao" rel="noopener noreferrer">página do Ministério da Saúde</a><em> (atualizada)</em>.</p><p></p><p style="margin-left:40px">Parágrafo com recuo de uma tabulação.</p><p style="text-align:center"><span style="color:#980000"><span style="background-color:#ffff00">Aviso centralizado em vermelho</span></span></p><ul><li>Medir em duas consultas<ul><li>Braço apoiado na altura do coração</li></ul></li><li>Registrar no prontuário</li></ul><ol><li>Primeiro passo</li><li>Segundo passo</li></ol>',
    [],
  ],
  [
    'word-windows.html',
    '<h1>Protocolo de hipertensão</h1><p>Texto com <strong>negrito</strong>, <em>itálico</em>, <u>sublinhado</u> e <span style="color:red">vermelho nomeado</span>; também <span style="background-color:yellow">realce</span> e H<sub>2</sub>O, m<sup>2</sup>.</p><p style="margin-left:40px">Parágrafo recuado em pontos.</p><p style="text-align:center">Centralizado</p><ul><li>Primeiro item<ul><li>Subitem</li></ul></li><li>Segundo item</li></ul><p>\u00a0</p><ol><li>Numerado</li><li>Outro número</li></ol><p>Link: <a href="https://www.sbh.org.br/" rel="noopener noreferrer">Sociedade Brasileira de Hipertensão</a></p>',
    [],
  ],
  [
    'word-mac.html',
    '<p>Resumo da consulta com <strong>três pontos</strong>:</p><ol start="3"><li>Anamnese<ol><li>Queixa principal</li></ol></li><li>Exame físico</li></ol><p style="text-align:justify"><span style="color:#c00000">Atenção:</span> dose em <span style="color:blue">mg/kg</span>.</p><p style="margin-left:80px"><em>Citação recuada duas vezes.</em></p>',
    [],
  ],
  [
    'libreoffice.html',
    '<h2>Vacinação do adulto</h2><p>O calendário inclui <strong>hepatite B</strong>, <em>dupla adulto</em> e <span style="color:#c9211e">influenza anual</span>.</p><p style="text-align:center"><span style="background-color:#ffff00">Texto centralizado com realce</span></p><p style="margin-left:40px">Recuo de 1,25 cm.</p><ol><li>Primeira dose<ol><li>Reforço após 30 dias</li></ol></li><li>Segunda dose</li></ol><p>Fonte: <a href="https://www.gov.br/saude/" rel="noopener noreferrer">Ministério da Saúde</a> e <sup>nota</sup>.</p>',
    [],
  ],
  [
    'news-page.html',
    '<h1>Casos de dengue caem 30% no estado</h1><p>Boletim da secretaria mostra queda em todas as regiões.</p><p><img src="https://cdn.jornal.example.com/fotos/2026/11/mosquito-800.jpg" alt="Agente de saúde inspeciona um reservatório" width="800" /></p><p>Agente de saúde inspeciona um reservatório. Foto: Divulgação</p><p>Segundo o boletim <img src="https://cdn.jornal.example.com/icones/pdf.png" alt="PDF" width="16" /> publicado ontem, os números são estes:</p><p>Cidade | Casos</p><p>São Paulo | 1.234</p><p>Campinas | <strong>567</strong></p><p>Leia também: <a href="https://jornal.example.com/saude/vacina" rel="noopener noreferrer">vacina chega aos postos</a>.</p>',
    [
      'Uma tabela foi convertida em parágrafos: cada linha virou um parágrafo, com as células separadas por " | ".',
      'Um vídeo incorporado foi removido: o editor não aceita incorporações.',
    ],
  ],
  [
    'gmail.html',
    '<p>Olá, Dra. Ana,</p><p></p><p>Segue o resumo da reunião de <strong>terça-feira</strong>:</p><ul><li>revisar o protocolo de <em>triagem</em></li><li>enviar o relatório até <span style="color:#ff0000">sexta</span></li></ul><p>O material está em <a href="https://drive.example.com/pasta/relatorio" target="_blank" rel="noopener noreferrer">https://drive.example.com/pasta/relatorio</a>.</p><p></p><p>Texto maior em Arial.</p><p></p><p>Abraços,</p><p>--\u00a0</p><p>Carlos Souza<br />Coordenação médica</p>',
    [],
  ],
  [
    'editor-chromium.html',
    '<h2>Título da seção</h2><p style="text-align:center"><strong>Centro</strong> e <span style="color:#ff0000">vermelho</span></p><p style="text-align:center"><img src="https://cdn.exemplo.com/foto.jpg" alt="Foto" width="320" /></p><p>Um <a href="https://exemplo.com.br/a" target="_blank" rel="noopener noreferrer">link</a> e <em>itálico</em>.</p><ul><li>um<ul><li>dois</li></ul></li></ul><ol start="3"><li>três</li></ol><blockquote><p>citação 1</p><p>citação 2</p></blockquote>',
    [],
  ],
];

describe('paste corpus (test/fixtures/paste)', () => {
  it.each(CORPUS)('%s is normalised to the schema', (name, expected, notices) => {
    const result = readPastedHtml(fixture(name));
    expect(contentToHtml(result.content)).toBe(expected);
    expect(noticeMessages(result.notices)).toEqual(notices);
  });

  it.each(CORPUS)('%s gives HTML that the server stores unchanged and reads back the same', (_name, expected) => {
    expect(sanitizeArticleHtml(expected)).toBe(expected);
    expect(contentToHtml(htmlToContent(expected))).toBe(expected);
  });

  it('plain text links its web and e-mail addresses (http, https, mailto only)', () => {
    expect(contentToHtml(plainTextToContent(fixture('plain-text.txt')))).toBe(
      '<p>Protocolo atualizado: <a href="https://www.exemplo.com.br/protocolos/has?versao=2" target="_blank" rel="noopener noreferrer">https://www.exemplo.com.br/protocolos/has?versao=2</a>.</p>' +
        '<p>Dúvidas para <a href="mailto:contato@exemplo.com.br" rel="noopener noreferrer">contato@exemplo.com.br</a> ou (veja <a href="https://pt.wikipedia.org/wiki/Hipertens%C3%A3o_(medicina)" target="_blank" rel="noopener noreferrer">https://pt.wikipedia.org/wiki/Hipertens%C3%A3o_(medicina)</a>).</p>' +
        '<p>Não é link: javascript:alert(1) nem ftp://arquivos.exemplo.com</p>',
    );
  });

  it('announces every kind of content it drops', () => {
    const result = readPastedHtml(
      '<p>a</p><video src="https://a.com/v.mp4"></video><audio src="https://a.com/a.mp3"></audio><form><input name="x"></form><svg></svg><object data="x"></object><img src="file:///C:/foto.png">',
    );
    expect(contentToHtml(result.content)).toBe('<p>a</p>');
    expect(noticeMessages(result.notices)).toEqual([
      'Um vídeo foi removido: o editor não aceita vídeos.',
      'Um áudio foi removido: o editor não aceita áudio.',
      'Um formulário foi removido: o editor não aceita campos de formulário.',
      'Um gráfico desenhado (SVG ou canvas) foi removido: use uma imagem no lugar dele.',
      'Um conteúdo incorporado foi removido: o editor não aceita incorporações.',
      'Uma imagem foi removida: o endereço dela não é aceito. Envie o arquivo em "Imagens" e insira-o pelo botão Imagem.',
    ]);
  });

  it('drops the source\'s default colours, keeps chosen ones, and marks bold, italic and baseline shifts given as styles', () => {
    const { content } = readPastedHtml(
      '<p><span style="color:#000000;background-color:#ffffff">a</span><span style="color:rgb(21, 38, 45)">b</span><span style="font-weight:bold;font-style:italic">c</span><span style="vertical-align:sub">d</span><span style="color:transparent;background:white">e</span><span style="color:darkgreen">f</span></p><h3><span style="color:#053f3c">g</span></h3>',
    );
    expect(contentToHtml(content)).toBe('<p>ab<strong><em>c</em></strong><sub>d</sub>e<span style="color:darkgreen">f</span></p><h3>g</h3>');
  });

  it('nests a flat list by the margin-left of its items', () => {
    const { content } = readPastedHtml(
      '<ul><li style="margin-left:36pt">a</li><li style="margin-left:72pt">b</li><li style="margin-left:108pt">c</li><li style="margin-left:36pt">d</li></ul>',
    );
    expect(contentToHtml(content)).toBe('<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li><li>d</li></ul>');
  });
});
