import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../client/api-client.js';

/** The calendar's two optional fields on the article form (issue 33): the planned day and who it falls to. */
export const PLANNING_MESSAGES = {
  legend: 'Planejamento',
  day: 'Previsto para (opcional)',
  assignee: 'Responsável (opcional)',
  creator: 'Quem criou o artigo',
} as const;

interface Plan {
  previsto_para: string;
  responsavel: string;
}

/**
 * Reads the article's plan once per article and adds it to what the form saves only after a person
 * changed it, so a save never undoes a move made meanwhile in the calendar.
 */
export function usePlanning(apiBasePath: string, id: number | null, signedIn: boolean, onChange: () => void) {
  const [plan, setPlan] = useState<Plan>({ previsto_para: '', responsavel: '' });
  const latest = useRef<Plan | null>(null);
  useEffect(() => {
    latest.current = null;
    // Only a session reads plans: someone who typed a key reads nothing on their own.
    if (id === null || !signedIn) return;
    void apiRequest<{ previsto_para: string | null; responsavel: number | null }>(`${apiBasePath}/artigos/${id}/previsao`).then((result) => {
      if (result.ok && latest.current === null) setPlan({ previsto_para: result.value.previsto_para ?? '', responsavel: result.value.responsavel === null ? '' : String(result.value.responsavel) });
    });
  }, [apiBasePath, id, signedIn]);
  const change = useCallback(
    (next: Plan) => {
      latest.current = next;
      setPlan(next);
      onChange();
    },
    [onChange],
  );
  const payload = useCallback((): { previsto_para?: string | null; responsavel?: number | null } => {
    const changed = latest.current;
    return changed ? { previsto_para: changed.previsto_para || null, responsavel: changed.responsavel ? Number(changed.responsavel) : null } : {};
  }, []);
  return { plan, change, payload };
}

interface PlanningFieldsProps {
  apiBasePath: string;
  value: Plan;
  onChange: (value: Plan) => void;
  signedIn: boolean;
  disabled?: boolean;
}

export function PlanningFields({ apiBasePath, value, onChange, signedIn, disabled }: PlanningFieldsProps) {
  const [people, setPeople] = useState<{ id: number; nome: string }[]>([]);
  useEffect(() => {
    if (signedIn) void apiRequest<{ id: number; nome: string }[]>(`${apiBasePath}/pessoas/assinaturas`).then((result) => result.ok && setPeople(result.value));
  }, [apiBasePath, signedIn]);
  return (
    <fieldset>
      <legend>{PLANNING_MESSAGES.legend}</legend>
      <div className="field">
        <label htmlFor="artigo-previsto-para">{PLANNING_MESSAGES.day}</label>
        <input id="artigo-previsto-para" type="date" value={value.previsto_para} disabled={disabled} onChange={(event) => onChange({ ...value, previsto_para: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="artigo-responsavel">{PLANNING_MESSAGES.assignee}</label>
        <select id="artigo-responsavel" value={value.responsavel} disabled={disabled} onChange={(event) => onChange({ ...value, responsavel: event.target.value })}>
          <option value="">{PLANNING_MESSAGES.creator}</option>
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.nome}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
