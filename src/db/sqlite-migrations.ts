import type { Migration } from './sql-dialect.js';

/**
 * Versioned schema of the embedded database. Append only: a released migration never changes.
 * Dates are ISO 8601 UTC strings with milliseconds, so text order is time order.
 */

export const SQLITE_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'artigos e imagens',
    sql: `
      CREATE TABLE artigos (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        titulo TEXT NOT NULL,
        titulo_url TEXT NOT NULL,
        conteudo TEXT NOT NULL,
        descricao TEXT NOT NULL,
        keywords TEXT NOT NULL,
        data_publicacao TEXT NOT NULL,
        data_atualizacao TEXT NOT NULL,
        autor TEXT NOT NULL,
        imagem_nome TEXT,
        imagem_caption TEXT,
        imagem_width INTEGER,
        imagem_height INTEGER
      );
      CREATE INDEX artigos_recentes ON artigos (data_publicacao DESC, id DESC);
      CREATE TABLE artigo_imagens (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (id_artigo, nome)
      );
    `,
  },
  {
    version: 2,
    name: 'imagens processadas e variantes',
    sql: `
      ALTER TABLE artigo_imagens ADD COLUMN width INTEGER;
      ALTER TABLE artigo_imagens ADD COLUMN height INTEGER;
      ALTER TABLE artigo_imagens ADD COLUMN has_alpha INTEGER;
      ALTER TABLE artigo_imagens ADD COLUMN animated INTEGER;
      CREATE TABLE artigo_imagem_variantes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_imagem INTEGER NOT NULL REFERENCES artigo_imagens (id) ON DELETE CASCADE,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        arquivo TEXT NOT NULL,
        papel TEXT NOT NULL CHECK (papel IN ('responsiva', 'social')),
        formato TEXT NOT NULL,
        content_type TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        tamanho INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (id_artigo, arquivo)
      );
      CREATE INDEX artigo_imagem_variantes_imagem ON artigo_imagem_variantes (id_imagem);
    `,
  },
  {
    version: 3,
    name: 'fluxo editorial: estados, versões, revisões, remoções e sessões',
    sql: `
      ALTER TABLE artigos ADD COLUMN status TEXT NOT NULL DEFAULT 'publicado'
        CHECK (status IN ('rascunho', 'agendado', 'publicado', 'despublicado'));
      ALTER TABLE artigos ADD COLUMN publicar_em TEXT;
      ALTER TABLE artigos ADD COLUMN versao INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE artigos ADD COLUMN ja_publicado INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX artigos_agendados ON artigos (publicar_em) WHERE status = 'agendado';
      CREATE INDEX artigos_alterados ON artigos (data_atualizacao DESC, id DESC);
      CREATE TABLE artigo_revisoes (
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        versao INTEGER NOT NULL,
        autor TEXT NOT NULL,
        data TEXT NOT NULL,
        acao TEXT NOT NULL CHECK (acao IN ('criado', 'editado', 'publicado', 'agendado', 'despublicado', 'restaurado')),
        instantaneo TEXT NOT NULL,
        PRIMARY KEY (id_artigo, versao)
      );
      INSERT INTO artigo_revisoes (id_artigo, versao, autor, data, acao, instantaneo)
        SELECT id, 1, autor, data_publicacao, 'criado', json_object(
          'titulo', titulo, 'titulo_url', titulo_url, 'conteudo', conteudo, 'descricao', descricao,
          'keywords', keywords, 'imagem_nome', imagem_nome, 'imagem_caption', imagem_caption,
          'imagem_width', imagem_width, 'imagem_height', imagem_height, 'status', status, 'publicar_em', publicar_em)
        FROM artigos;
      CREATE TABLE artigos_removidos (id INTEGER PRIMARY KEY, removido_em TEXT NOT NULL);
      CREATE TABLE sessoes_editor (
        id TEXT PRIMARY KEY,
        autor TEXT NOT NULL,
        criada_em TEXT NOT NULL,
        expira_em TEXT NOT NULL
      );
      CREATE INDEX sessoes_editor_expiracao ON sessoes_editor (expira_em);
    `,
  },
  {
    version: 4,
    name: 'índices de cobertura dos conjuntos de imagens',
    // Every page render reads its image sets. width and height were added after the image bytes, so
    // without these indexes each read walks the overflow pages of the stored image to reach them.
    sql: `
      CREATE INDEX artigo_imagens_conjuntos ON artigo_imagens (id_artigo, id, nome, width, height, has_alpha, animated);
      CREATE INDEX artigo_imagem_variantes_conjuntos
        ON artigo_imagem_variantes (id_artigo, id_imagem, arquivo, papel, formato, width, height, tamanho);
    `,
  },
  {
    version: 5,
    name: 'artigos públicos por índice e revisões com o corpo comprimido',
    // Every column after conteudo sits past the overflow pages of a long article: lists, counts and the
    // sitemap filter, sort and read in this index, and a list page reads only its own rows. A revision's body is kept gzip-compressed beside the rest of its snapshot.
    sql: `
      CREATE INDEX artigos_publicos
        ON artigos (data_publicacao DESC, id DESC, status, publicar_em, data_atualizacao, titulo_url);
      ALTER TABLE artigo_revisoes ADD COLUMN conteudo_gz BLOB;
    `,
  },
  {
    version: 6,
    name: 'contagem dos artigos publicados',
    // Counting the public articles walked the whole index on every list page (20 ms at 100,000). The
    // published ones are counted as they change; the scheduled ones already due are few, found by
    // artigos_agendados.
    sql: `
      CREATE TABLE contadores (nome TEXT PRIMARY KEY, valor INTEGER NOT NULL);
      INSERT INTO contadores (nome, valor) SELECT 'artigos_publicados', count(*) FROM artigos WHERE status = 'publicado';
    `,
  },
  {
    version: 7,
    name: 'índice de busca dos títulos',
    // The editors' search read every title (LIKE '%…%', 100 ms at 100,000 articles). An FTS5 index of the
    // titles, accents folded, kept in step by triggers.
    sql: `
      CREATE VIRTUAL TABLE artigos_busca USING fts5(
        titulo, content = 'artigos', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO artigos_busca (artigos_busca) VALUES ('rebuild');
      CREATE TRIGGER artigos_busca_inserido AFTER INSERT ON artigos BEGIN
        INSERT INTO artigos_busca (rowid, titulo) VALUES (new.id, new.titulo);
      END;
      CREATE TRIGGER artigos_busca_removido AFTER DELETE ON artigos BEGIN
        INSERT INTO artigos_busca (artigos_busca, rowid, titulo) VALUES ('delete', old.id, old.titulo);
      END;
      CREATE TRIGGER artigos_busca_alterado AFTER UPDATE OF titulo ON artigos BEGIN
        INSERT INTO artigos_busca (artigos_busca, rowid, titulo) VALUES ('delete', old.id, old.titulo);
        INSERT INTO artigos_busca (rowid, titulo) VALUES (new.id, new.titulo);
      END;
    `,
  },
  {
    version: 8,
    name: 'pessoas, convites e registro de auditoria',
    // The audit log is append only, and the database itself refuses to change or delete its rows.
    sql: `
      CREATE TABLE pessoas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        nome TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        papel TEXT NOT NULL CHECK (papel IN ('colaborador', 'autor', 'editor', 'revisor', 'administrador')),
        ativo INTEGER NOT NULL DEFAULT 1,
        senha_hash TEXT,
        criada_em TEXT NOT NULL
      );
      CREATE TABLE convites (
        token_hash TEXT PRIMARY KEY,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        expira_em TEXT NOT NULL,
        usado_em TEXT
      );
      CREATE TABLE auditoria (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        quando TEXT NOT NULL,
        quem TEXT NOT NULL,
        id_pessoa INTEGER,
        acao TEXT NOT NULL,
        id_artigo INTEGER,
        endereco TEXT,
        detalhes TEXT
      );
      CREATE INDEX auditoria_recentes ON auditoria (quando DESC, id DESC);
      ALTER TABLE sessoes_editor ADD COLUMN id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE CASCADE;
      ALTER TABLE artigos ADD COLUMN id_criador INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
      CREATE TRIGGER auditoria_sem_alteracao BEFORE UPDATE ON auditoria
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
      CREATE TRIGGER auditoria_sem_remocao BEFORE DELETE ON auditoria
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
    `,
  },
  {
    version: 9,
    name: 'ordem da lista do editor por índice',
    // The editors' list orders matches by their last change, a column past the body: read from the rows,
    // a word found in thousands of titles cost a read of each. This index answers the order, the state
    // and the count by id; ANALYZE lets the planner see that it is the cheaper way.
    sql: `
      CREATE INDEX artigos_por_id ON artigos (id, data_atualizacao, status);
      ANALYZE;
    `,
  },
  {
    version: 10,
    name: 'chaves pessoais, passkeys, redefinições de senha e sessões nomeadas',
    // Personal API keys and reset links keep only a sha-256 of their secret. A session records how it was
    // opened and from where, so that its owner can recognise and end it.
    sql: `
      CREATE TABLE chaves_pessoais (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        chave_hash TEXT NOT NULL UNIQUE,
        criada_em TEXT NOT NULL,
        usada_em TEXT
      );
      CREATE INDEX chaves_pessoais_por_pessoa ON chaves_pessoais (id_pessoa);
      CREATE TABLE passkeys (
        id TEXT PRIMARY KEY,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        chave_publica TEXT NOT NULL,
        contador INTEGER NOT NULL,
        transportes TEXT,
        criada_em TEXT NOT NULL,
        usada_em TEXT
      );
      CREATE INDEX passkeys_por_pessoa ON passkeys (id_pessoa);
      CREATE TABLE passkey_exigida (
        papel TEXT PRIMARY KEY CHECK (papel IN ('colaborador', 'autor', 'editor', 'revisor', 'administrador'))
      );
      CREATE TABLE redefinicoes_senha (
        token_hash TEXT PRIMARY KEY,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        expira_em TEXT NOT NULL,
        usado_em TEXT
      );
      ALTER TABLE sessoes_editor ADD COLUMN metodo TEXT NOT NULL DEFAULT 'chave';
      ALTER TABLE sessoes_editor ADD COLUMN endereco TEXT;
      ALTER TABLE sessoes_editor ADD COLUMN navegador TEXT;
      CREATE INDEX sessoes_editor_por_pessoa ON sessoes_editor (id_pessoa);
    `,
  },
  {
    version: 11,
    name: 'desafios de passkey',
    // A WebAuthn challenge is answered on whichever instance the browser reaches next: it is kept in
    // the shared database, used once, and short-lived.
    sql: `
      CREATE TABLE desafios_passkey (
        desafio TEXT PRIMARY KEY,
        id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE CASCADE,
        expira_em TEXT NOT NULL
      );
      CREATE INDEX desafios_passkey_expiracao ON desafios_passkey (expira_em);
    `,
  },
  {
    version: 12,
    name: 'quem alterou e quem publicou',
    // Who last changed an article and who published (or scheduled) it, and the person behind each
    // revision: a name alone cannot tell two people of the same name apart, nor follow a renamed one.
    sql: `
      ALTER TABLE artigos ADD COLUMN id_ultimo_editor INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
      ALTER TABLE artigos ADD COLUMN id_publicador INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
      ALTER TABLE artigo_revisoes ADD COLUMN id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
    `,
  },
  {
    version: 13,
    name: 'auditoria: remoção do que passou da retenção',
    // The audit log is kept AUDIT_RETENTION_DAYS (LGPD: no longer than needed), so the server deletes older
    // rows. The one exception to "append only" is narrow: a row may go once it is 184 days old (the least
    // AUDIT_RETENTION_DAYS allows); anything younger, and any change, is still refused by the database.
    sql: `
      DROP TRIGGER auditoria_sem_remocao;
      CREATE TRIGGER auditoria_sem_remocao BEFORE DELETE ON auditoria
        WHEN OLD.quando >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-184 days')
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
    `,
  },
  {
    version: 14,
    name: 'texto alternativo da imagem principal',
    // What the main image shows, for whoever cannot see it; the caption says something else (credit,
    // context). Null keeps the old behaviour: the caption serves as the alternative text.
    sql: `
      ALTER TABLE artigos ADD COLUMN imagem_alt TEXT;
    `,
  },
  {
    version: 15,
    name: 'perfis públicos',
    // A byline of health content names the person with their council registration and specialties
    // (CFM Resolution 2.336/2023): the profile is public, unlike the account (e-mail, role) it belongs to.
    sql: `
      CREATE TABLE perfis (
        id_pessoa INTEGER PRIMARY KEY REFERENCES pessoas (id) ON DELETE CASCADE,
        nome_publico TEXT NOT NULL,
        slug TEXT NOT NULL UNIQUE,
        tratamento TEXT CHECK (tratamento IN ('Dr.', 'Dra.')),
        profissao TEXT NOT NULL,
        bio TEXT NOT NULL,
        conselho TEXT,
        registro TEXT,
        uf TEXT,
        especialidades TEXT NOT NULL,
        atualizado_em TEXT NOT NULL
      );
      CREATE INDEX artigos_por_criador ON artigos (id_criador, data_publicacao, id);
    `,
  },
  {
    version: 16,
    name: 'autores, conteúdo clínico, referências e revisão médica',
    // Health content says who signs it, on what it rests and which doctor approved it (issue 18). A
    // public clinical article edited after its approval keeps the approved text in the row, what readers
    // get, and the newer version in pendente until a doctor approves it.
    sql: `
      ALTER TABLE artigos ADD COLUMN autores TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE artigos ADD COLUMN clinico INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE artigos ADD COLUMN referencias TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE artigos ADD COLUMN revisao_medica TEXT;
      ALTER TABLE artigos ADD COLUMN pendente TEXT;
      UPDATE artigos SET autores = '[' || id_criador || ']' WHERE id_criador IS NOT NULL;
    `,
  },
  {
    version: 17,
    name: 'artigos aguardando revisão médica',
    // The editors' list shows and filters the clinical articles whose current text no doctor approved.
    // Whether a review still holds compares digests of the text, which SQL cannot: every write keeps this
    // flag in step instead.
    sql: `
      ALTER TABLE artigos ADD COLUMN aguardando_revisao INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 18,
    name: 'temas dos artigos',
    // An article has one to five topics. A topic page lists its public articles newest first: each
    // link carries its article's state and dates (kept in step by a trigger), so the page walks one
    // index by topic in the list's order, as the news list walks artigos_publicos (migration 5). The
    // published articles of each topic are counted as they change, like contadores (migration 6); the
    // scheduled ones already due are few, found by artigo_temas_agendados. A renamed topic keeps its old
    // slugs, which redirect to the new one.
    sql: `
      CREATE TABLE temas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        nome TEXT NOT NULL,
        slug TEXT NOT NULL UNIQUE,
        publicados INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE temas_slugs_antigos (
        slug TEXT PRIMARY KEY,
        id_tema INTEGER NOT NULL REFERENCES temas (id) ON DELETE CASCADE
      );
      CREATE TABLE artigo_temas (
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        id_tema INTEGER NOT NULL REFERENCES temas (id) ON DELETE CASCADE,
        posicao INTEGER NOT NULL,
        status TEXT NOT NULL,
        publicar_em TEXT,
        data_publicacao TEXT NOT NULL,
        PRIMARY KEY (id_artigo, id_tema)
      );
      CREATE INDEX artigo_temas_publicos ON artigo_temas (id_tema, data_publicacao DESC, id_artigo DESC, status, publicar_em);
      CREATE INDEX artigo_temas_agendados ON artigo_temas (id_tema, publicar_em) WHERE status = 'agendado';
      CREATE TRIGGER artigo_temas_seguem_artigo AFTER UPDATE OF status, publicar_em, data_publicacao ON artigos
        WHEN old.status IS NOT new.status OR old.publicar_em IS NOT new.publicar_em OR old.data_publicacao IS NOT new.data_publicacao
        BEGIN
          UPDATE artigo_temas SET status = new.status, publicar_em = new.publicar_em, data_publicacao = new.data_publicacao
            WHERE id_artigo = new.id;
        END;
      CREATE TRIGGER temas_publicado_inserido AFTER INSERT ON artigo_temas WHEN new.status = 'publicado'
        BEGIN UPDATE temas SET publicados = publicados + 1 WHERE id = new.id_tema; END;
      CREATE TRIGGER temas_publicado_removido AFTER DELETE ON artigo_temas WHEN old.status = 'publicado'
        BEGIN UPDATE temas SET publicados = publicados - 1 WHERE id = old.id_tema; END;
      CREATE TRIGGER temas_publicado_alterado AFTER UPDATE OF status ON artigo_temas
        WHEN (old.status = 'publicado') <> (new.status = 'publicado')
        BEGIN
          UPDATE temas SET publicados = publicados + (CASE WHEN new.status = 'publicado' THEN 1 ELSE -1 END) WHERE id = new.id_tema;
        END;
    `,
  },
  {
    version: 19,
    name: 'busca em português: título, descrição e corpo',
    // SQLite cannot run a JavaScript tokenizer, so the repository indexes the Portuguese terms it computes
    // (src/lib/search-text.ts) on every write, in a contentless FTS5 table: the snippet is made from the
    // article itself. Existing articles wait in indice_pendente until the repository indexes them at
    // the next start. A deletion from any path leaves the index by the trigger.
    sql: `
      DROP TRIGGER artigos_busca_inserido;
      DROP TRIGGER artigos_busca_removido;
      DROP TRIGGER artigos_busca_alterado;
      DROP TABLE artigos_busca;
      CREATE VIRTUAL TABLE artigos_indice USING fts5(
        titulo, descricao, corpo, content = '', contentless_delete = 1, detail = column, tokenize = 'unicode61');
      CREATE TABLE indice_pendente (id INTEGER PRIMARY KEY);
      INSERT INTO indice_pendente (id) SELECT id FROM artigos;
      CREATE TRIGGER artigos_indice_removido AFTER DELETE ON artigos BEGIN
        DELETE FROM artigos_indice WHERE rowid = old.id;
        DELETE FROM indice_pendente WHERE id = old.id;
      END;
    `,
  },
  {
    version: 20,
    name: 'fotos de perfil',
    // The square variants of a person's photo, replaced all at once: each name holds a hash of its bytes,
    // so the author page links them as immutable. Kept apart from the profile so that a person may add
    // a photo before the rest, and the profile's reads never carry the bytes.
    sql: `
      CREATE TABLE perfil_fotos (
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        arquivo TEXT NOT NULL,
        formato TEXT NOT NULL,
        content_type TEXT NOT NULL,
        largura INTEGER NOT NULL,
        altura INTEGER NOT NULL,
        tamanho INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        criado_em TEXT NOT NULL,
        PRIMARY KEY (id_pessoa, arquivo)
      );
    `,
  },
  {
    version: 21,
    name: 'imagens de compartilhamento geradas',
    // One per article at a time: the repository replaces the image an older title had.
    sql: `
      CREATE TABLE artigo_imagens_compartilhamento (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        arquivo TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (id_artigo, arquivo)
      );
    `,
  },
  {
    version: 22,
    name: 'artigos não públicos por índice, para a contagem da busca',
    // The public search counts its matches in the search index alone, which holds every state, and takes
    // away the matches that are not public: those few are found here without reading the articles.
    sql: `
      CREATE INDEX artigos_nao_publicados ON artigos (id, status, publicar_em) WHERE status <> 'publicado';
    `,
  },
  {
    version: 23,
    name: 'artigos de cada autor',
    // An author page lists the articles a person signs (autores, a JSON list), not only those they
    // created: a co-author's byline linked to a page that answered 404. This table is that list as rows,
    // kept in step by triggers from whatever path writes autores, so the page reads an index by person.
    sql: `
      CREATE TABLE artigo_autores (
        id_pessoa INTEGER NOT NULL,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        PRIMARY KEY (id_pessoa, id_artigo)
      ) WITHOUT ROWID;
      CREATE INDEX artigo_autores_artigo ON artigo_autores (id_artigo);
      INSERT OR IGNORE INTO artigo_autores (id_pessoa, id_artigo)
        SELECT CAST(autor.value AS INTEGER), artigos.id FROM artigos, json_each(artigos.autores) AS autor;
      CREATE TRIGGER artigo_autores_inserido AFTER INSERT ON artigos BEGIN
        INSERT OR IGNORE INTO artigo_autores (id_pessoa, id_artigo) SELECT CAST(value AS INTEGER), new.id FROM json_each(new.autores);
      END;
      CREATE TRIGGER artigo_autores_alterado AFTER UPDATE OF autores ON artigos WHEN old.autores IS NOT new.autores BEGIN
        DELETE FROM artigo_autores WHERE id_artigo = new.id;
        INSERT OR IGNORE INTO artigo_autores (id_pessoa, id_artigo) SELECT CAST(value AS INTEGER), new.id FROM json_each(new.autores);
      END;
    `,
  },
  {
    version: 24,
    name: 'vocabulário do índice de busca',
    // The terms of the search index, in order, as a table (FTS5's own view of its index, storing
    // nothing): the editors' search turns a prefix into the few terms it begins (expandPrefixes).
    // PostgreSQL needs none: GIN finds a prefix's terms in its own ordered entries.
    sql: `
      CREATE VIRTUAL TABLE artigos_indice_termos USING fts5vocab(artigos_indice, 'row');
    `,
  },
  {
    version: 25,
    name: 'tentativas de entrada',
    // Sign-in attempts per client address, account and the two together, in fixed windows: in the
    // database, so that every instance counts the same attempts and a parallel burst is counted in order.
    sql: `
      CREATE TABLE tentativas_entrada (
        nome TEXT PRIMARY KEY,
        tentativas INTEGER NOT NULL,
        termina_em TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX tentativas_entrada_termino ON tentativas_entrada (termina_em);
    `,
  },
  {
    version: 26,
    name: 'auditoria: nenhuma inserção por cima de uma linha',
    // REPLACE INTO and INSERT OR REPLACE delete the row they collide with without firing its DELETE
    // trigger (recursive_triggers is off): refused before the insert, whatever its conflict clause.
    sql: `
      CREATE TRIGGER auditoria_sem_substituicao BEFORE INSERT ON auditoria
        WHEN EXISTS (SELECT 1 FROM auditoria WHERE id = new.id)
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
    `,
  },
  {
    version: 27,
    name: 'chaves pessoais revogadas pela troca de senha ou desativação',
    // A password change, a reset or a deactivation revokes the person's keys: a key made by whoever held
    // the old password (or the account before it was closed) must not outlive it. The row stays, marked,
    // so that its owner sees which keys stopped working and why.
    sql: `
      ALTER TABLE chaves_pessoais ADD COLUMN revogada_em TEXT;
      ALTER TABLE chaves_pessoais ADD COLUMN revogada_por TEXT CHECK (revogada_por IN ('troca-de-senha', 'redefinicao-de-senha', 'desativacao'));
    `,
  },
  {
    version: 28,
    name: 'perfis de quem ainda não tinha',
    // Every person who signs an article has an author page: a profile is made of the name at the
    // acceptance of the invitation. Those who already had an account are listed here and given theirs at
    // the next start (createPendingProfiles), where the slug is made from the name as at an acceptance.
    sql: `
      CREATE TABLE perfis_pendentes (id_pessoa INTEGER PRIMARY KEY REFERENCES pessoas (id) ON DELETE CASCADE);
      INSERT INTO perfis_pendentes (id_pessoa) SELECT id FROM pessoas WHERE id NOT IN (SELECT id_pessoa FROM perfis);
    `,
  },
];
