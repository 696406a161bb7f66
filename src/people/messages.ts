/** What the people side of the editors' area says (issue 17). */
export const PEOPLE_MESSAGES = {
  passwordTooShort: 'A senha precisa ter pelo menos 12 caracteres.',
  passwordPersonal: 'A senha não pode conter o seu nome nem o seu e-mail.',
  passwordWeak: 'Essa senha é fácil de adivinhar (é comum ou segue um padrão). Use uma frase com palavras que só você associaria.',
} as const;
