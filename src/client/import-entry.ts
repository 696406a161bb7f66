import { apiRequest } from './api-client.js';
import { uploadWithProgress } from './upload-request.js';

/**
 * The import page's script: sends the chosen file to the API for the dry run (shown under the form) or
 * for the import (then the page of that import), and follows a running import by polling its status.
 * The page itself, the import's state and its result are rendered by the server.
 */

interface ItemReport {
  id_origem: string;
  titulo: string;
  acao: 'criar' | 'existente' | 'recusar';
  motivo?: string;
  status?: string;
  avisos: string[];
  imagens: number;
  imagens_remotas: string[];
}

interface ImportReport {
  total: number;
  criar: number;
  existentes: number;
  recusados: number;
  ignorados: Record<string, number>;
  itens: ItemReport[];
}

interface ImportJob {
  id: number;
  estado: 'em-andamento' | 'concluida';
  total: number;
  feitos: number;
  criados: number;
  recusados: number;
}

const POLL_MS = 1500;
const STATUS_LABELS: Record<string, string> = { publicado: 'publicado', rascunho: 'rascunho', agendado: 'agendado' };
const number = (value: number) => value.toLocaleString('pt-BR');

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function itemLine(item: ItemReport): HTMLLIElement {
  const line = element('li');
  line.append(element('strong', item.titulo || `(sem título: ${item.id_origem})`));
  if (item.acao === 'criar' && item.status) line.append(` (${STATUS_LABELS[item.status] ?? item.status}${item.imagens > 0 ? `, ${number(item.imagens)} ${item.imagens === 1 ? 'imagem' : 'imagens'} do arquivo` : ''})`);
  if (item.motivo) line.append(`: ${item.motivo}`);
  if (item.avisos.length > 0) {
    const notes = element('ul');
    for (const aviso of item.avisos) notes.append(element('li', aviso));
    line.append(notes);
  }
  return line;
}

function section(parent: HTMLElement, title: string, items: ItemReport[]): void {
  if (items.length === 0) return;
  parent.append(element('h3', `${title} (${number(items.length)})`));
  const list = element('ul', undefined, 'area-list-compact');
  for (const item of items) list.append(itemLine(item));
  parent.append(list);
}

function showPreview(target: HTMLElement, report: ImportReport): void {
  target.replaceChildren();
  const box = element('section', undefined, 'import-preview');
  box.setAttribute('aria-labelledby', 'importacao-previa-titulo');
  const heading = element('h2', 'Prévia: nada foi gravado ainda');
  heading.id = 'importacao-previa-titulo';
  heading.tabIndex = -1;
  box.append(heading);
  const ignored = Object.entries(report.ignorados).map(([kind, count]) => `${number(count)} ${kind}`);
  box.append(
    element('p', `${number(report.total)} itens: ${number(report.criar)} a criar, ${number(report.existentes)} já no site, ${number(report.recusados)} recusados.${ignored.length > 0 ? ` Fora da importação (não são artigos): ${ignored.join(', ')}.` : ''}`),
  );
  section(box, 'Serão criados', report.itens.filter((item) => item.acao === 'criar'));
  section(box, 'Já estão no site', report.itens.filter((item) => item.acao === 'existente'));
  section(box, 'Serão recusados', report.itens.filter((item) => item.acao === 'recusar'));
  const remote = [...new Set(report.itens.flatMap((item) => item.imagens_remotas))];
  if (remote.length > 0) {
    box.append(element('h3', `Imagens de outros sites (${number(remote.length)})`));
    box.append(element('p', 'Não são buscadas: baixe cada uma e envie no artigo depois da importação.'));
    const list = element('ul', undefined, 'area-list-compact import-remote');
    for (const address of remote) list.append(element('li', address));
    box.append(list);
  }
  target.append(box);
  heading.focus();
}

function setupForm(form: HTMLFormElement): void {
  const api = form.dataset.api ?? '/api';
  const page = form.dataset.pagina ?? location.pathname;
  const notice = form.querySelector<HTMLElement>('[data-importacao-aviso]')!;
  const preview = document.getElementById('importacao-previa')!;
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submitter = (event).submitter as HTMLButtonElement | null;
    const importing = submitter?.value === 'importar';
    const file = form.querySelector<HTMLInputElement>('input[type="file"]')!.files?.[0];
    if (!file) {
      notice.textContent = 'Escolha o arquivo de exportação.';
      return;
    }
    const data = new FormData();
    data.append('file', file, file.name);
    buttons.forEach((button) => (button.disabled = true));
    notice.textContent = importing ? 'Enviando o arquivo para importar…' : 'Enviando o arquivo para a prévia…';
    void uploadWithProgress<ImportReport | ImportJob>(`${api}/importacoes${importing ? '' : '/previa'}`, data, ({ loaded, total }) => {
      if (total > 0 && loaded < total) notice.textContent = `Enviando o arquivo… ${Math.round((loaded / total) * 100)}%`;
      else notice.textContent = importing ? 'Arquivo enviado: começando a importação…' : 'Arquivo enviado: lendo os itens…';
    }).then((result) => {
      buttons.forEach((button) => (button.disabled = false));
      if (!result.ok) {
        notice.textContent = result.message;
        return;
      }
      if (importing) {
        location.assign(`${page}?importacao=${(result.value as ImportJob).id}`);
        return;
      }
      notice.textContent = 'Prévia pronta: confira abaixo e, se estiver tudo certo, clique em Importar.';
      showPreview(preview, result.value as ImportReport);
    });
  });
}

function follow(progress: HTMLElement): void {
  const api = document.querySelector<HTMLFormElement>('#importacao-form')?.dataset.api ?? '/api';
  const bar = progress.querySelector('progress')!;
  const count = progress.querySelector<HTMLElement>('[data-contagem]')!;
  const poll = async () => {
    const result = await apiRequest<ImportJob>(`${api}/importacoes/${progress.dataset.importacao}`, { headers: { accept: 'application/json' } });
    if (result.ok) {
      const job = result.value;
      bar.max = Math.max(job.total, 1);
      bar.value = job.feitos;
      count.textContent = `${number(job.feitos)} de ${number(job.total)} itens: ${number(job.criados)} criados, ${number(job.recusados)} recusados.`;
      // The result (the articles, with links) is the server's page.
      if (job.estado === 'concluida') {
        location.reload();
        return;
      }
    }
    setTimeout(() => void poll(), POLL_MS);
  };
  setTimeout(() => void poll(), POLL_MS);
}

const form = document.querySelector<HTMLFormElement>('#importacao-form');
if (form) setupForm(form);
const running = document.querySelector<HTMLElement>('.import-progress[data-estado="em-andamento"]');
if (running) follow(running);
