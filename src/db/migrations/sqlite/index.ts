import type { Migration } from '../../sql-dialect.js';
import { migration as v001 } from './001-artigos-e-imagens.js';
import { migration as v002 } from './002-imagens-processadas-e-variantes.js';
import { migration as v003 } from './003-fluxo-editorial-estados-versoes-revisoes-remocoes-e-sessoes.js';
import { migration as v004 } from './004-indices-de-cobertura-dos-conjuntos-de-imagens.js';
import { migration as v005 } from './005-artigos-publicos-por-indice-e-revisoes-com-o-corpo-comprimido.js';
import { migration as v006 } from './006-contagem-dos-artigos-publicados.js';
import { migration as v007 } from './007-indice-de-busca-dos-titulos.js';
import { migration as v008 } from './008-pessoas-convites-e-registro-de-auditoria.js';
import { migration as v009 } from './009-ordem-da-lista-do-editor-por-indice.js';
import { migration as v010 } from './010-chaves-pessoais-passkeys-redefinicoes-de-senha-e-sessoes-nomeadas.js';
import { migration as v011 } from './011-desafios-de-passkey.js';
import { migration as v012 } from './012-quem-alterou-e-quem-publicou.js';
import { migration as v013 } from './013-auditoria-remocao-do-que-passou-da-retencao.js';
import { migration as v014 } from './014-texto-alternativo-da-imagem-principal.js';
import { migration as v015 } from './015-perfis-publicos.js';
import { migration as v016 } from './016-autores-conteudo-clinico-referencias-e-revisao-medica.js';
import { migration as v017 } from './017-artigos-aguardando-revisao-medica.js';
import { migration as v018 } from './018-temas-dos-artigos.js';
import { migration as v019 } from './019-busca-em-portugues-titulo-descricao-e-corpo.js';
import { migration as v020 } from './020-fotos-de-perfil.js';
import { migration as v021 } from './021-imagens-de-compartilhamento-geradas.js';
import { migration as v022 } from './022-artigos-nao-publicos-por-indice-para-a-contagem-da-busca.js';
import { migration as v023 } from './023-artigos-de-cada-autor.js';
import { migration as v024 } from './024-vocabulario-do-indice-de-busca.js';
import { migration as v025 } from './025-tentativas-de-entrada.js';
import { migration as v026 } from './026-auditoria-nenhuma-insercao-por-cima-de-uma-linha.js';
import { migration as v027 } from './027-chaves-pessoais-revogadas-pela-troca-de-senha-ou-desativacao.js';
import { migration as v028 } from './028-perfis-de-quem-ainda-nao-tinha.js';
import { migration as v029 } from './029-entregas-duraveis.js';
import { migration as v030 } from './030-entregas-por-referencia.js';
import { migration as v031 } from './031-segredos-compartilhados.js';
import { migration as v032 } from './032-contatos-notas-e-provas-de-consentimento.js';
import { migration as v033 } from './033-fichas-de-formulario-usadas.js';
import { migration as v034 } from './034-permissoes-das-pessoas.js';
import { migration as v035 } from './035-boletim-inscritos-provas-e-edicoes.js';
import { migration as v036 } from './036-proxima-revisao-medica-e-correcoes.js';
import { migration as v037 } from './037-notas-nos-rascunhos.js';
import { migration as v038 } from './038-previas-compartilhadas.js';
import { migration as v039 } from './039-calendario-editorial.js';
import { migration as v040 } from './040-estatisticas.js';
import { migration as v041 } from './041-visitantes-do-dia.js';
import { migration as v042 } from './042-foco-e-textos-padrao-das-imagens.js';
import { migration as v043 } from './043-imagens-ligadas-a-outros-artigos.js';
import { migration as v044 } from './044-edicao-em-curso-e-sugestoes.js';
import { migration as v045 } from './045-importacoes-do-arquivo.js';
import { migration as v046 } from './046-campanha-das-inscricoes-do-boletim.js';
import { migration as v047 } from './047-artigos-por-revisor.js';
import { migration as v050 } from './050-resumo-diario-das-estatisticas.js';
import { migration as v051 } from './051-periodos-fechados-das-estatisticas.js';

/**
 * Versioned schema of the embedded database, one file per migration, in the order they run. Append
 * only: a released migration never changes. Dates are ISO 8601 UTC strings with milliseconds, so text
 * order is time order.
 */
export const SQLITE_MIGRATIONS: Migration[] = [v001, v002, v003, v004, v005, v006, v007, v008, v009, v010, v011, v012, v013, v014, v015, v016, v017, v018, v019, v020, v021, v022, v023, v024, v025, v026, v027, v028, v029, v030, v031, v032, v033, v034, v035, v036, v037, v038, v039, v040, v041, v042, v043, v044, v045, v046, v047, v050, v051];
