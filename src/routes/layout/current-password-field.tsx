/**
 * "Confirme que é você": the current password, in every form that plants a lasting credential (a personal
 * key, a passkey), so that a stolen session alone cannot.
 */
export function CurrentPasswordField({ id, name = 'senha_atual' }: { id: string; name?: string }) {
  return (
    <div className="area-field">
      <label htmlFor={id}>Confirme que é você: sua senha atual</label>
      <input id={id} name={name} type="password" autoComplete="current-password" maxLength={200} required />
    </div>
  );
}
