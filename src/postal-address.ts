import { z } from 'zod';

/** A Brazilian postal address: the line people read, and its parts for structured data. */
export interface PostalAddress {
  /** As configured: "Av. Paulista, 1000, sala 101, Bela Vista, São Paulo - SP, 01310-100". */
  text: string;
  /** Everything before the city: street, number, complement, neighbourhood. */
  street: string;
  city: string;
  /** The state's two-letter code (UF). */
  state: string;
  /** The CEP, 00000-000. */
  postalCode: string;
}

const STATES = new Set(['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO']);

/**
 * The Correios' one-line form ends "…, Cidade - UF, 00000-000"; "Cidade/UF" and "Cidade-UF" are as common.
 * The street part keeps its own commas; a hyphen inside the city's name ("Embu-Guaçu") stays in the city.
 */
const ONE_LINE = /^(?<street>.+?),\s*(?<city>[^,]+?)\s*[-–/]\s*(?<state>[A-Z]{2}),\s*(?<postalCode>\d{5}-\d{3})$/;

/** One configuration variable holding a whole address, checked and split at the boundary. */
export function postalAddressSchema(name: string) {
  const shape = `${name} deve terminar em "Cidade - UF, 00000-000" ou "Cidade/UF, 00000-000" (ex.: "Av. Paulista, 1000, Bela Vista, São Paulo - SP, 01310-100")`;
  return z
    .string()
    .trim()
    .transform((text, ctx): PostalAddress => {
      const parts = ONE_LINE.exec(text)?.groups;
      if (!parts || !STATES.has(parts.state!)) {
        ctx.addIssue({ code: 'custom', message: shape });
        return z.NEVER;
      }
      return { text, street: parts.street!, city: parts.city!, state: parts.state!, postalCode: parts.postalCode! };
    });
}
