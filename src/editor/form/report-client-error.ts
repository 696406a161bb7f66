/** Sends an error the editor caught to the server's client-error log; a failure to send is no second error. */
export function reportClientError(apiBasePath: string, error: unknown): void {
  const failure = error instanceof Error ? error : new Error(String(error));
  const body = { origem: 'editor', mensagem: (failure.message || failure.name).slice(0, 500), pilha: failure.stack?.slice(0, 4000), endereco: window.location.pathname.slice(0, 500) };
  void fetch(`${apiBasePath}/erros-do-cliente`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
}
