/**
 * A minimal iCalendar (RFC 5545) writer for the editorial calendar's feeds: no iCalendar library is
 * among the dependencies, and a feed needs only all-day and timed events with a title and a link.
 */

export interface CalendarEvent {
  uid: string;
  summary: string;
  url: string;
  /** An all-day event (AAAA-MM-DD) or an instant (ISO 8601 UTC). */
  start: { day: string } | { instant: string };
}

const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const utcStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const compactDay = (day: string) => day.replace(/-/g, '');

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function icalendar(name: string, events: CalendarEvent[], now: Date): string {
  const stamp = utcStamp(now.toISOString());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Prontivo//Calendario editorial//PT-BR', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(name)}`];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`);
    if ('day' in event.start) lines.push(`DTSTART;VALUE=DATE:${compactDay(event.start.day)}`, `DTEND;VALUE=DATE:${compactDay(nextDay(event.start.day))}`);
    else lines.push(`DTSTART:${utcStamp(event.start.instant)}`, `DTEND:${utcStamp(new Date(Date.parse(event.start.instant) + 30 * 60_000).toISOString())}`);
    lines.push(`SUMMARY:${escapeText(event.summary)}`, `URL:${event.url}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
