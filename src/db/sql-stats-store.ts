import { sql, type Kysely } from 'kysely';
import type { Schema, StatsSummaryTable } from './schema.js';
import type { ClosedSpan, StatsNumbers, StatsStore, ViewCount } from './stats-store.js';

/** Rows per INSERT: well under SQLite's bound on variables with the widest row (10 columns). */
const CHUNK = 500;

const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) => rows.slice(index * CHUNK, (index + 1) * CHUNK));

/** PostgreSQL's SUM and COUNT are bigint, which the driver reads as a string. */
const total = sql<string | number>;
const num = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

const KEY = ['caminho', 'origem', 'utm_source', 'utm_medium', 'utm_campaign', 'dispositivo', 'robo'] as const;

function keyOf(view: ViewCount) {
  return {
    caminho: view.caminho,
    origem: view.origem,
    utm_source: view.utm_source,
    utm_medium: view.utm_medium,
    utm_campaign: view.utm_campaign,
    dispositivo: view.dispositivo,
    robo: view.robo ? 1 : 0,
  };
}

/** The campaign a demonstration request or a newsletter sign-up kept (null columns: none). */
const CAMPAIGN = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
const campaignOf = (row: Record<(typeof CAMPAIGN)[number], string | null>) => ({ utm_source: row.utm_source ?? '', utm_medium: row.utm_medium ?? '', utm_campaign: row.utm_campaign ?? '' });

/** A day's rows merged from its hours: one INSERT may not touch a row twice (PostgreSQL refuses). */
function byDay(views: ViewCount[]) {
  const days = new Map<string, ReturnType<typeof keyOf> & { dia: string; visualizacoes: number }>();
  for (const view of views) {
    const row = { dia: view.dia, ...keyOf(view), visualizacoes: view.visualizacoes };
    const key = JSON.stringify([row.dia, ...KEY.map((column) => row[column])]);
    const found = days.get(key);
    if (found) found.visualizacoes += view.visualizacoes;
    else days.set(key, row);
  }
  return [...days.values()];
}

/**
 * People's views of each day by page, device, referrer and campaign, and bots' views: what the report
 * adds up over a period without reading every daily row (migration 50 / 48).
 */
function summaryOf(days: ReturnType<typeof byDay>): StatsSummaryTable[] {
  const rows = new Map<string, StatsSummaryTable>();
  const add = (tipo: StatsSummaryTable['tipo'], dia: string, chave: string, visualizacoes: number, utm_medium = '', utm_campaign = '') => {
    const key = JSON.stringify([tipo, dia, chave, utm_medium, utm_campaign]);
    const found = rows.get(key);
    if (found) found.visualizacoes += visualizacoes;
    else rows.set(key, { tipo, dia, chave, utm_medium, utm_campaign, visualizacoes });
  };
  for (const row of days) {
    if (row.robo) {
      add('robos', row.dia, '', row.visualizacoes);
      continue;
    }
    add('pagina', row.dia, row.caminho, row.visualizacoes);
    add('dispositivo', row.dia, row.dispositivo, row.visualizacoes);
    if (row.origem !== '') add('origem', row.dia, row.origem, row.visualizacoes);
    if (row.utm_source !== '' || row.utm_medium !== '' || row.utm_campaign !== '') add('campanha', row.dia, row.utm_source, row.visualizacoes, row.utm_medium, row.utm_campaign);
  }
  return [...rows.values()];
}

/** The statistics in either database: every write adds (`n = n + excluded.n`), so instances add up. */
export function sqlStats(db: Kysely<Schema>): StatsStore {
  return {
    async add(batch) {
      await db.transaction().execute(async (trx) => {
        for (const rows of chunks(batch.views.map((view) => ({ hora: view.hora, ...keyOf(view), visualizacoes: view.visualizacoes })))) {
          await trx
            .insertInto('estatisticas_horas')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['hora', ...KEY]).doUpdateSet({ visualizacoes: sql`estatisticas_horas.visualizacoes + excluded.visualizacoes` }))
            .execute();
        }
        const days = byDay(batch.views);
        for (const rows of chunks(days)) {
          await trx
            .insertInto('estatisticas_dias')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['dia', ...KEY]).doUpdateSet({ visualizacoes: sql`estatisticas_dias.visualizacoes + excluded.visualizacoes` }))
            .execute();
        }
        for (const rows of chunks(summaryOf(days))) {
          await trx
            .insertInto('estatisticas_resumo')
            .values(rows)
            .onConflict((conflict) =>
              conflict.columns(['tipo', 'dia', 'chave', 'utm_medium', 'utm_campaign']).doUpdateSet({ visualizacoes: sql`estatisticas_resumo.visualizacoes + excluded.visualizacoes` }),
            )
            .execute();
        }
        for (const rows of chunks(batch.searches)) {
          await trx
            .insertInto('estatisticas_buscas')
            .values(rows)
            .onConflict((conflict) =>
              conflict.columns(['dia', 'termo']).doUpdateSet({ vezes: sql`estatisticas_buscas.vezes + excluded.vezes`, resultados: sql`excluded.resultados` }),
            )
            .execute();
        }
        for (const rows of chunks(batch.visitors)) {
          await trx
            .insertInto('estatisticas_hashes')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['dia', 'caminho', 'hash']).doNothing())
            .execute();
        }
        const written = [...batch.views.map((view) => view.dia), ...batch.searches.map((search) => search.dia)];
        if (written.length > 0) {
          // Counts kept in memory through a long outage can land in a closed day: its totals are stale then.
          const earliest = written.reduce((first, day) => (day < first ? day : first));
          await trx.deleteFrom('estatisticas_fechamentos').where('ate', '>=', earliest).execute();
        }
      });
    },

    async close(spans) {
      for (const span of spans) {
        await db.transaction().execute(async (trx) => {
          // The marker's row is the lock: an instance that finds it already naming these days builds nothing.
          const claimed = await trx
            .insertInto('estatisticas_fechamentos')
            .values(span)
            .onConflict((conflict) =>
              conflict
                .column('dias')
                .doUpdateSet({ de: span.de, ate: span.ate })
                .where((eb) => eb.or([eb('estatisticas_fechamentos.de', '<>', span.de), eb('estatisticas_fechamentos.ate', '<>', span.ate)])),
            )
            .returning('dias')
            .executeTakeFirst();
          if (!claimed) return;
          await trx.deleteFrom('estatisticas_fechadas').where('dias', '=', span.dias).execute();
          const dias = sql<number>`cast(${span.dias} as integer)`.as('dias');
          const columns = ['dias', 'tipo', 'chave', 'utm_medium', 'utm_campaign', 'visualizacoes', 'resultados'] as const;
          await trx
            .insertInto('estatisticas_fechadas')
            .columns(columns)
            .expression(
              trx
                .selectFrom('estatisticas_resumo')
                .select([dias, 'tipo', 'chave', 'utm_medium', 'utm_campaign', total`sum(visualizacoes)`.as('visualizacoes'), sql<number>`0`.as('resultados')])
                .where('tipo', 'in', ['pagina', 'origem', 'campanha'])
                .where('dia', '>=', span.de)
                .where('dia', '<=', span.ate)
                .groupBy(['tipo', 'chave', 'utm_medium', 'utm_campaign']),
            )
            .execute();
          await trx
            .insertInto('estatisticas_fechadas')
            .columns(columns)
            .expression(
              trx
                .selectFrom('estatisticas_buscas')
                .select([
                  dias,
                  sql<'busca'>`'busca'`.as('tipo'),
                  'termo as chave',
                  sql<string>`''`.as('utm_medium'),
                  sql<string>`''`.as('utm_campaign'),
                  total`sum(vezes)`.as('visualizacoes'),
                  total`max(resultados)`.as('resultados'),
                ])
                .where('dia', '>=', span.de)
                .where('dia', '<=', span.ate)
                .groupBy('termo'),
            )
            .execute();
        });
      }
    },

    async saltFor(day, candidate) {
      await db.deleteFrom('estatisticas_sal').where('dia', '<', day).execute();
      await db
        .insertInto('estatisticas_sal')
        .values({ dia: day, sal: candidate })
        .onConflict((conflict) => conflict.column('dia').doNothing())
        .execute();
      const row = await db.selectFrom('estatisticas_sal').select('sal').where('dia', '=', day).executeTakeFirstOrThrow();
      return row.sal;
    },

    async sweep(today, hourlyBefore, dailyBefore) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('estatisticas_sal').where('dia', '<', today).execute();
        await trx
          .insertInto('estatisticas_visitantes')
          .columns(['dia', 'caminho', 'visitantes'])
          .expression(
            trx
              .selectFrom('estatisticas_hashes')
              .select(['dia', 'caminho', sql<number>`count(*)`.as('visitantes')])
              .where('dia', '<', today)
              .groupBy(['dia', 'caminho']),
          )
          .onConflict((conflict) => conflict.columns(['dia', 'caminho']).doUpdateSet({ visitantes: sql`estatisticas_visitantes.visitantes + excluded.visitantes` }))
          .execute();
        await trx.deleteFrom('estatisticas_hashes').where('dia', '<', today).execute();
      });
      await db.deleteFrom('estatisticas_horas').where('hora', '<', hourlyBefore).execute();
      await db.deleteFrom('estatisticas_dias').where('dia', '<', dailyBefore).execute();
      await db.deleteFrom('estatisticas_resumo').where('dia', '<', dailyBefore).execute();
      await db.deleteFrom('estatisticas_buscas').where('dia', '<', dailyBefore).execute();
      await db.deleteFrom('estatisticas_visitantes').where('dia', '<', dailyBefore).execute();
      await db.deleteFrom('estatisticas_fechamentos').where('de', '<', dailyBefore).execute();
    },

    async report(query) {
      const { from, to, path, limit } = query;
      const visitorPath = path ?? '';
      const closed = path === undefined && query.closed ? await keptFor(db, query.closed) : undefined;
      const [[daily, pages, referrers, campaigns, devices, bots], folded, counted] = await Promise.all([
        path === undefined ? summaryTotals(db, from, to, limit, closed) : pathTotals(db, from, to, path, limit),
        db.selectFrom('estatisticas_visitantes').select(['dia', 'visitantes']).where('caminho', '=', visitorPath).where('dia', '>=', from).where('dia', '<=', to).execute(),
        db
          .selectFrom('estatisticas_hashes')
          .select(['dia', total`count(*)`.as('n')])
          .where('caminho', '=', visitorPath)
          .where('dia', '>=', from)
          .where('dia', '<=', to)
          .groupBy('dia')
          .execute(),
      ]);
      const visitorsByDay = new Map<string, number>();
      for (const row of [...folded.map((r) => ({ dia: r.dia, n: r.visitantes })), ...counted]) visitorsByDay.set(row.dia, (visitorsByDay.get(row.dia) ?? 0) + num(row.n));
      const viewsByDay = new Map(daily.map((row) => [row.dia, num(row.n)]));
      const days = [...new Set([...viewsByDay.keys(), ...visitorsByDay.keys()])].sort();

      const pagePaths = pages.map((row) => row.caminho);
      const pageVisitors = new Map<string, number>();
      if (pagePaths.length > 0) {
        const [foldedPages, countedPages] = await Promise.all([
          db
            .selectFrom('estatisticas_visitantes')
            .select(['caminho', total`sum(visitantes)`.as('n')])
            .where('caminho', 'in', pagePaths)
            .where('dia', '>=', from)
            .where('dia', '<=', to)
            .groupBy('caminho')
            .execute(),
          db
            .selectFrom('estatisticas_hashes')
            .select(['caminho', total`count(*)`.as('n')])
            .where('caminho', 'in', pagePaths)
            .where('dia', '>=', from)
            .where('dia', '<=', to)
            .groupBy('caminho')
            .execute(),
        ]);
        for (const row of [...foldedPages, ...countedPages]) pageVisitors.set(row.caminho, (pageVisitors.get(row.caminho) ?? 0) + num(row.n));
      }

      const searchPathOnly = path === undefined;
      const searches = searchPathOnly
        ? await db
            .selectFrom(periodSearches(db, from, to, closed).as('linhas'))
            .select(['termo', total`max(resultados)`.as('resultados'), total`sum(vezes)`.as('vezes')])
            .groupBy('termo')
            .orderBy('vezes', 'desc')
            .orderBy('termo')
            .limit(limit)
            .execute()
        : [];

      const [demos, confirmations] = await Promise.all([
        // Conversions are read where they are kept (issue 31's leads, the newsletter's subscribers): a
        // lead deleted by its retention leaves the count with it.
        db
          .selectFrom('contatos')
          .select(['origem_pagina', 'origem_artigo', ...CAMPAIGN, total`count(*)`.as('n')])
          .where('criado_em', '>=', query.fromInstant)
          .where('criado_em', '<=', query.toInstant)
          .groupBy(['origem_pagina', 'origem_artigo', ...CAMPAIGN])
          .execute(),
        db
          .selectFrom('boletim_inscritos')
          .select(['consentimento_pagina', ...CAMPAIGN, total`count(*)`.as('n')])
          .where('confirmado_em', '>=', query.fromInstant)
          .where('confirmado_em', '<=', query.toInstant)
          .groupBy(['consentimento_pagina', ...CAMPAIGN])
          .execute(),
      ]);

      const device = new Map(devices.map((row) => [row.dispositivo, num(row.n)]));
      const numbers: StatsNumbers = {
        serie: days.map((dia) => ({ dia, visitantes: visitorsByDay.get(dia) ?? 0, visualizacoes: viewsByDay.get(dia) ?? 0 })),
        paginas: pages.map((row) => ({ caminho: row.caminho, visitantes: pageVisitors.get(row.caminho) ?? 0, visualizacoes: num(row.n) })),
        origens: referrers.map((row) => ({ origem: row.origem, visualizacoes: num(row.n) })),
        campanhas: campaigns.map((row) => ({ utm_source: row.utm_source, utm_medium: row.utm_medium, utm_campaign: row.utm_campaign, visualizacoes: num(row.n) })),
        buscas: searches.map((row) => ({ termo: row.termo, resultados: num(row.resultados), vezes: num(row.vezes) })),
        conversoes: [
          ...demos.map((row) => ({ tipo: 'demonstracao' as const, pagina: row.origem_pagina, artigo: row.origem_artigo, ...campaignOf(row), total: num(row.n) })),
          ...confirmations.map((row) => ({ tipo: 'boletim' as const, pagina: row.consentimento_pagina, artigo: null, ...campaignOf(row), total: num(row.n) })),
        ],
        dispositivos: { celular: device.get('celular') ?? 0, computador: device.get('computador') ?? 0 },
        robos: { visualizacoes: num(bots?.n) },
      };
      return numbers;
    },

    async viewsSince(from) {
      const rows = await db
        .selectFrom('estatisticas_resumo')
        .select(['chave', total`sum(visualizacoes)`.as('n')])
        .where('tipo', '=', 'pagina')
        .where('dia', '>=', from)
        .groupBy('chave')
        .execute();
      return new Map(rows.map((row) => [row.chave, num(row.n)]));
    },
  };
}

/** The span, when its totals are kept for exactly its days (a late flush or a new day leaves them for other days). */
async function keptFor(db: Kysely<Schema>, span: ClosedSpan): Promise<ClosedSpan | undefined> {
  const kept = await db.selectFrom('estatisticas_fechamentos').select('dias').where('dias', '=', span.dias).where('de', '=', span.de).where('ate', '=', span.ate).executeTakeFirst();
  return kept ? span : undefined;
}

/** People's views of the period by one kind of key: its days' summary rows, or a closed span's totals and the days after it. */
function periodRows(db: Kysely<Schema>, tipo: 'pagina' | 'origem' | 'campanha', from: string, to: string, closed: ClosedSpan | undefined) {
  const days = db.selectFrom('estatisticas_resumo').select(['chave', 'utm_medium', 'utm_campaign', 'visualizacoes']).where('tipo', '=', tipo).where('dia', '<=', to);
  if (!closed) return days.where('dia', '>=', from);
  return db
    .selectFrom('estatisticas_fechadas')
    .select(['chave', 'utm_medium', 'utm_campaign', 'visualizacoes'])
    .where('dias', '=', closed.dias)
    .where('tipo', '=', tipo)
    .unionAll(days.where('dia', '>', closed.ate));
}

/** The period's searches: its days' rows, or a closed span's totals and the days after it. */
function periodSearches(db: Kysely<Schema>, from: string, to: string, closed: ClosedSpan | undefined) {
  const days = db.selectFrom('estatisticas_buscas').select(['termo', 'resultados', 'vezes']).where('dia', '<=', to);
  if (!closed) return days.where('dia', '>=', from);
  return db
    .selectFrom('estatisticas_fechadas')
    .select(['chave as termo', 'resultados', 'visualizacoes as vezes'])
    .where('dias', '=', closed.dias)
    .where('tipo', '=', 'busca')
    .unionAll(days.where('dia', '>', closed.ate));
}

/** The period's totals for the whole site, from the daily summary: a few rows a day whatever the traffic. */
function summaryTotals(db: Kysely<Schema>, from: string, to: string, limit: number, closed: ClosedSpan | undefined) {
  const of = (tipo: StatsSummaryTable['tipo']) => db.selectFrom('estatisticas_resumo').where('tipo', '=', tipo).where('dia', '>=', from).where('dia', '<=', to);
  const rows = (tipo: 'pagina' | 'origem' | 'campanha') => db.selectFrom(periodRows(db, tipo, from, to, closed).as('linhas'));
  const n = total`sum(visualizacoes)`.as('n');
  return Promise.all([
    of('dispositivo').select(['dia', n]).groupBy('dia').execute(),
    rows('pagina').select(['chave as caminho', n]).groupBy('chave').orderBy('n', 'desc').orderBy('chave').limit(limit).execute(),
    rows('origem').select(['chave as origem', n]).groupBy('chave').orderBy('n', 'desc').orderBy('chave').limit(limit).execute(),
    rows('campanha')
      .select(['chave as utm_source', 'utm_medium', 'utm_campaign', n])
      .groupBy(['chave', 'utm_medium', 'utm_campaign'])
      .orderBy('n', 'desc')
      .limit(limit)
      .execute(),
    of('dispositivo').select(['chave as dispositivo', n]).groupBy('chave').execute(),
    of('robos').select(n).executeTakeFirst(),
  ]);
}

/** One page's totals, from its daily rows (found by path). */
function pathTotals(db: Kysely<Schema>, from: string, to: string, path: string, limit: number) {
  const views = db.selectFrom('estatisticas_dias').where('caminho', '=', path).where('dia', '>=', from).where('dia', '<=', to);
  const people = views.where('robo', '=', 0);
  const n = total`sum(visualizacoes)`.as('n');
  return Promise.all([
    people.select(['dia', n]).groupBy('dia').execute(),
    people.select(['caminho', n]).groupBy('caminho').orderBy('n', 'desc').orderBy('caminho').limit(limit).execute(),
    people.where('origem', '!=', '').select(['origem', n]).groupBy('origem').orderBy('n', 'desc').orderBy('origem').limit(limit).execute(),
    people
      .where((eb) => eb.or([eb('utm_source', '!=', ''), eb('utm_medium', '!=', ''), eb('utm_campaign', '!=', '')]))
      .select(['utm_source', 'utm_medium', 'utm_campaign', n])
      .groupBy(['utm_source', 'utm_medium', 'utm_campaign'])
      .orderBy('n', 'desc')
      .limit(limit)
      .execute(),
    people.select(['dispositivo', n]).groupBy('dispositivo').execute(),
    views.where('robo', '=', 1).select(n).executeTakeFirst(),
  ]);
}
