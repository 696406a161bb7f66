/** Images a page of the team's library shows: on /editor/imagens, through GET /api/imagens and in the editor's picker. */
export const LIBRARY_PAGE_SIZE = 24;
