/** A weekly time on the readers' clock (America/Sao_Paulo): weekday 0 is Sunday. */
export interface WeeklySchedule {
  weekday: number;
  hour: number;
  minute: number;
}

const WEEKDAYS: Record<string, number> = {
  domingo: 0,
  segunda: 1,
  'segunda-feira': 1,
  terca: 2,
  'terca-feira': 2,
  quarta: 3,
  'quarta-feira': 3,
  quinta: 4,
  'quinta-feira': 4,
  sexta: 5,
  'sexta-feira': 5,
  sabado: 6,
};

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** "terça 10:00" (or "terca-feira 09:30"); undefined when it is not one. */
export function parseWeeklySchedule(text: string): WeeklySchedule | undefined {
  const match = /^\s*(\S+)\s+(\d{1,2}):(\d{2})\s*$/.exec(withoutAccents(text.toLowerCase()));
  if (!match) return undefined;
  const weekday = WEEKDAYS[match[1]!];
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  if (weekday === undefined || hour > 23 || minute > 59) return undefined;
  return { weekday, hour, minute };
}

/** The schedule as people write it, for the editors' page. */
export function describeSchedule(schedule: WeeklySchedule): string {
  const names = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
  return `${names[schedule.weekday]!} às ${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')} (horário de Brasília)`;
}
