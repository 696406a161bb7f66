import { formatSaoPaulo, saoPauloInputToUtc, toSaoPauloInput } from '../content/sao-paulo-time.js';
import { apiRequest } from './api-client.js';

/**
 * The editorial calendar's one script (issue 33). The page works without it: each planned draft has a
 * date field that moves it (the keyboard's way), each scheduled item links to its editor. With it, a
 * planned draft is dragged to another day of the month grid (mouse, pen or touch), and a scheduled
 * item opens the schedule dialog, which changes or undoes the schedule and never publishes.
 */

export const CALENDAR_SCRIPT_MESSAGES = {
  planned: (day: string) => `Previsto para ${brazilianDay(day)}`,
  moveFailed: (message: string) => `Não foi possível mover: ${message}`,
  scheduleTitle: 'Agendar a publicação',
  scheduledAt: (iso: string) => `Agendado para ${formatSaoPaulo(iso)}, horário de Brasília.`,
  scheduleLabel: 'Data e hora (horário de Brasília)',
  schedule: 'Agendar',
  toDraft: 'Voltar a rascunho',
  cancel: 'Cancelar',
  openEditor: 'Abrir no editor',
  scheduleInvalid: 'Escolha uma data e hora no futuro.',
} as const;

const brazilianDay = (day: string) => day.split('-').reverse().join('/');
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
/** How far a pointer travels before a press becomes a drag (a click or a tap stays a click). */
const DRAG_THRESHOLD_PX = 6;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

interface Drag {
  entry: HTMLElement;
  from: HTMLTableCellElement;
  x: number;
  y: number;
  moving: boolean;
}

function draggingIn(root: HTMLElement, api: string, say: (text: string) => void): void {
  root.querySelector<HTMLElement>('.calendar-hint')?.removeAttribute('hidden');
  for (const entry of root.querySelectorAll<HTMLElement>('.calendar-grid li[data-tipo="previsto"]')) entry.classList.add('calendar-draggable');
  let drag: Drag | null = null;
  let over: HTMLTableCellElement | null = null;
  const mark = (cell: HTMLTableCellElement | null) => {
    over?.classList.remove('calendar-drop');
    over = cell;
    over?.classList.add('calendar-drop');
  };
  const cellAt = (x: number, y: number) => document.elementFromPoint(x, y)?.closest<HTMLTableCellElement>('.calendar-grid td[data-dia]') ?? null;
  const settle = (entry: HTMLElement) => {
    entry.classList.remove('calendar-dragging');
    entry.style.transform = '';
    mark(null);
  };

  root.addEventListener('pointerdown', (event) => {
    const target = event.target as Element;
    // The link, the date field and its button keep their own job.
    if (!event.isPrimary || event.button !== 0 || target.closest('a, input, button, select, label')) return;
    const entry = target.closest<HTMLElement>('.calendar-draggable');
    const from = entry?.closest<HTMLTableCellElement>('td[data-dia]');
    if (!entry || !from) return;
    event.preventDefault();
    drag = { entry, from, x: event.clientX, y: event.clientY, moving: false };
  });
  window.addEventListener('pointermove', (event) => {
    if (!drag || !event.isPrimary) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moving = true;
    drag.entry.classList.add('calendar-dragging');
    drag.entry.style.transform = `translate(${dx}px, ${dy}px)`;
    mark(cellAt(event.clientX, event.clientY));
  });
  window.addEventListener('pointerup', (event) => {
    if (!drag || !event.isPrimary) return;
    const { entry, from, moving } = drag;
    drag = null;
    const to = moving ? cellAt(event.clientX, event.clientY) : null;
    settle(entry);
    if (to && to !== from) void move(entry, from, to);
  });
  window.addEventListener('pointercancel', () => {
    if (drag) settle(drag.entry);
    drag = null;
  });

  async function move(entry: HTMLElement, from: HTMLTableCellElement, to: HTMLTableCellElement): Promise<void> {
    const day = to.dataset.dia!;
    const field = entry.querySelector<HTMLInputElement>('input[type="date"]');
    const before = field?.value ?? '';
    const list = to.querySelector('ul') ?? to.appendChild(element('ul'));
    list.append(entry);
    if (field) field.value = day;
    const result = await apiRequest(`${api}/artigos/${entry.dataset.id}/previsao`, { method: 'PATCH', headers: JSON_HEADERS, body: JSON.stringify({ previsto_para: day }) });
    if (result.ok) return say(CALENDAR_SCRIPT_MESSAGES.planned(day));
    (from.querySelector('ul') ?? from.appendChild(element('ul'))).append(entry);
    if (field) field.value = before;
    say(CALENDAR_SCRIPT_MESSAGES.moveFailed(result.message));
  }
}

function scheduleDialogIn(root: HTMLElement, api: string): void {
  const texts = CALENDAR_SCRIPT_MESSAGES;
  const title = element('h2', { id: 'agendar-titulo', textContent: texts.scheduleTitle });
  const article = element('p', { className: 'calendar-dialog-article' });
  const current = element('p');
  const input = element('input', { id: 'agendar-quando', type: 'datetime-local', required: true });
  const error = element('p', { className: 'form-error' });
  error.setAttribute('role', 'alert');
  const cancel = element('button', { type: 'button', className: 'button button-secondary button-small', textContent: texts.cancel });
  const toDraft = element('button', { type: 'button', className: 'button button-secondary button-small', textContent: texts.toDraft });
  const schedule = element('button', { type: 'submit', className: 'button button-small', textContent: texts.schedule });
  const editor = element('a', { textContent: texts.openEditor });
  const form = element(
    'form',
    { method: 'dialog', noValidate: true },
    title,
    article,
    current,
    element('label', { htmlFor: input.id, textContent: texts.scheduleLabel }),
    input,
    error,
    element('div', { className: 'calendar-dialog-actions' }, cancel, toDraft, schedule),
    element('p', {}, editor),
  );
  const dialog = element('dialog', { className: 'calendar-dialog' }, form);
  dialog.setAttribute('aria-labelledby', title.id);
  document.body.append(dialog);
  let id = '';

  const change = async (body: object) => {
    const result = await apiRequest(`${api}/artigos/${id}/status`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
    if (result.ok) return window.location.reload();
    error.textContent = result.message;
  };
  cancel.addEventListener('click', () => dialog.close());
  toDraft.addEventListener('click', () => void change({ status: 'rascunho' }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const utc = saoPauloInputToUtc(input.value);
    if (!utc || new Date(utc).getTime() <= Date.now()) {
      error.textContent = texts.scheduleInvalid;
      return;
    }
    void change({ status: 'agendado', publicar_em: utc });
  });

  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('li[data-tipo="agendado"] a');
    const entry = link?.closest<HTMLElement>('li[data-tipo="agendado"]');
    if (!link || !entry) return;
    event.preventDefault();
    id = entry.dataset.id!;
    const when = entry.dataset.quando!;
    article.textContent = link.textContent;
    current.textContent = texts.scheduledAt(when);
    input.value = toSaoPauloInput(new Date(when));
    input.min = toSaoPauloInput(new Date());
    error.textContent = '';
    editor.href = link.href;
    dialog.showModal();
  });
}

const root = document.querySelector<HTMLElement>('.calendar-page[data-api]');
if (root) {
  const api = root.dataset.api!;
  const status = root.querySelector<HTMLElement>('.calendar-status');
  draggingIn(root, api, (text) => {
    if (status) status.textContent = text;
  });
  scheduleDialogIn(root, api);
}
