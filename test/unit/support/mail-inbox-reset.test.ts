import { createConnection, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startHeaderInbox } from '../../support/header-inbox.js';
import { startMailInbox } from '../../support/mail-inbox.js';

/** Reads SMTP replies line by line, so that each command is sent only once the last one was answered. */
function converse(socket: Socket): (command?: string) => Promise<string> {
  let buffered = '';
  const waiting: ((line: string) => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    let end: number;
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      // Multi-line replies ("250-…") end at the line whose code is followed by a space.
      if (/^\d{3} /.test(line)) waiting.shift()?.(line);
    }
  });
  return (command) =>
    new Promise<string>((resolve) => {
      waiting.push(resolve);
      if (command !== undefined) socket.write(`${command}\r\n`);
    });
}

/** A sender killed in the middle of a message: its connection ends with a reset, not a goodbye. */
async function dieMidMessage(url: string): Promise<void> {
  const { port } = new URL(url);
  const socket = createConnection(Number(port), '127.0.0.1');
  const say = converse(socket);
  expect(await say()).toMatch(/^220 /);
  expect(await say('EHLO remetente.test')).toMatch(/^250 /);
  expect(await say('MAIL FROM:<site@prontivo.test>')).toMatch(/^250 /);
  expect(await say('RCPT TO:<pessoa@clinica.test>')).toMatch(/^250 /);
  expect(await say('DATA')).toMatch(/^354 /);
  socket.write('Subject: metade\r\n\r\nmetade de uma mensagem');
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.resetAndDestroy();
  await new Promise((resolve) => socket.once('close', resolve));
}

describe('caixas de teste quando o remetente morre no meio de uma mensagem', () => {
  it.each([
    ['a caixa que decodifica', startMailInbox],
    ['a caixa que guarda só os cabeçalhos', startHeaderInbox],
  ])('%s aceita o reset sem exceção solta', async (_name, start) => {
    const inbox = await start();
    await dieMidMessage(inbox.url);
    // The reset reaches the server's socket a moment later: give it the time to arrive before closing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inbox.received).toEqual([]);
    await expect(inbox.close()).resolves.toBeUndefined();
  });
});
