/** Every message the articles API can send, in one place (pt-BR, shown to editors as is). */

export const LIMITS = {
  /** A search (the form stops there; the page says so past it, the API refuses it). */
  busca: 200,
  titulo: 200,
  titulo_url: 200,
  descricao: 400,
  keywords: 500,
  conteudo: 500_000,
  imagemNome: 200,
  imagemCaption: 300,
  imagemAlt: 300,
  imageDimension: 10_000,
  pageSize: 50,
  /** 10 MB of 1,048,576 bytes (spec section 9). */
  uploadBytes: 10 * 1_048_576,
  jsonBody: '1mb',
} as const;

export const MESSAGES = {
  keyMissing: 'Informe a chave de editor.',
  keyInvalid: 'Chave de editor inválida.',
  tooManyKeyFailures: 'Muitas tentativas com chave inválida. Aguarde alguns minutos e tente novamente.',

  jsonContentType: 'Envie o corpo como JSON (Content-Type: application/json).',
  jsonMalformed: 'O corpo da requisição não é um JSON válido.',
  jsonNotObject: 'O corpo da requisição deve ser um objeto JSON.',
  bodyTooLarge: 'O corpo da requisição excede o limite de 1 MB.',
  unsupportedEncoding: 'Codificação do corpo da requisição não suportada.',
  bodyNotDecompressible: 'O corpo da requisição não pôde ser descomprimido: confira se ele está mesmo no formato indicado em Content-Encoding (br, gzip ou deflate).',
  urlMalformed: 'O endereço da requisição tem códigos %XX inválidos.',
  badRequest: 'Requisição inválida.',

  titleControl: 'O título não pode conter caracteres de controle nem de inversão de direção do texto.',
  titleMissing: 'Informe o título.',
  titleNotText: 'O título deve ser um texto.',
  titleTooLong: `O título deve ter no máximo ${LIMITS.titulo} caracteres.`,
  slugMissing: 'Informe o título para a URL.',
  slugNotText: 'O título para a URL deve ser um texto.',
  slugControl: 'O título para a URL não pode conter quebras de linha nem caracteres de controle.',
  slugWithoutLetters: 'O título para a URL deve conter letras ou números (ex.: prontuario-eletronico-no-consultorio).',
  slugTooLong: `O título para a URL deve ter no máximo ${LIMITS.titulo_url} caracteres.`,
  descriptionControl: 'A descrição não pode conter caracteres de controle nem de inversão de direção do texto.',
  descriptionMissing: 'Informe a descrição.',
  descriptionNotText: 'A descrição deve ser um texto.',
  descriptionTooLong: `A descrição deve ter no máximo ${LIMITS.descricao} caracteres.`,
  keywordsControl: 'As palavras-chave não podem conter caracteres de controle nem de inversão de direção do texto.',
  keywordsNotText: 'As palavras-chave devem ser um texto.',
  keywordsTooLong: `As palavras-chave devem ter no máximo ${LIMITS.keywords} caracteres.`,
  contentMissing: 'Informe o conteúdo do artigo.',
  contentNotText: 'O conteúdo deve ser um texto (HTML).',
  contentTooLong: `O conteúdo deve ter no máximo ${LIMITS.conteudo} caracteres.`,
  contentDangerous: 'O conteúdo contém HTML perigoso (script, evento on*, URL javascript: ou elemento incorporado) e não foi salvo.',
  contentEmptyAfterSanitizing: 'O conteúdo ficou vazio depois de removidos os elementos não permitidos.',
  imageNotObject: 'A imagem deve ser um objeto com nome, caption, width e height.',
  fileNameUnsafe: 'Nome de arquivo inválido: use só o nome do arquivo, sem caminho (/ ou \\), "..", códigos %XX ou caracteres de controle.',
  imageNameMissing: 'Informe o nome do arquivo da imagem.',
  imageNameNotText: 'O nome do arquivo da imagem deve ser um texto.',
  imageNameTooLong: `O nome do arquivo da imagem deve ter no máximo ${LIMITS.imagemNome} caracteres.`,
  imageNameExtension: 'O nome do arquivo da imagem deve terminar em .png, .jpg, .jpeg, .webp, .gif ou .avif.',
  imageCaptionControl: 'A legenda da imagem não pode conter caracteres de controle nem de inversão de direção do texto.',
  imageCaptionMissing: 'Informe a legenda da imagem.',
  imageCaptionNotText: 'A legenda da imagem deve ser um texto.',
  imageCaptionTooLong: `A legenda da imagem deve ter no máximo ${LIMITS.imagemCaption} caracteres.`,
  imageAltNotText: 'O texto alternativo da imagem deve ser um texto.',
  imageAltTooLong: `O texto alternativo da imagem deve ter no máximo ${LIMITS.imagemAlt} caracteres.`,
  imageAltControl: 'O texto alternativo da imagem não pode conter caracteres de controle nem de inversão de direção do texto.',
  imageWidthInvalid: `A largura da imagem deve ser um número inteiro de 1 a ${LIMITS.imageDimension}.`,
  imageHeightInvalid: `A altura da imagem deve ser um número inteiro de 1 a ${LIMITS.imageDimension}.`,

  idInvalid: 'O id do artigo deve ser um número inteiro positivo.',
  idMissing: 'Informe o id do artigo (id_artigo).',
  pageIndexInvalid: 'A página (pageIndex) deve ser um número inteiro a partir de 1.',
  pageSizeInvalid: `O tamanho da página (pageSize) deve ser um número inteiro de 1 a ${LIMITS.pageSize}.`,
  articleNotFound: 'Artigo não encontrado.',
  queryInvalid: `A busca (q) deve ser um texto de até ${LIMITS.busca} caracteres.`,

  uploadNotMultipart: 'Envie a imagem como multipart/form-data com os campos file, filename, id_artigo e key.',
  uploadFileMissing: 'Envie o arquivo da imagem no campo "file".',
  uploadOneFile: 'Envie um único arquivo, no campo "file".',
  uploadTooLarge: 'Tamanho do arquivo excede 10 MB.',
  uploadFieldsTooLarge: 'Os campos do formulário excedem o tamanho permitido.',
  uploadNotImage: 'O arquivo não é uma imagem aceita: envie JPEG, PNG, WebP, AVIF, GIF ou TIFF.',
  uploadSvg: 'Imagens SVG não são aceitas: envie JPEG, PNG, WebP, AVIF, GIF ou TIFF.',
  uploadHeic:
    'Fotos HEIC/HEIF (o formato padrão do iPhone) não são aceitas. Exporte a foto como JPEG e envie novamente: no iPhone, ' +
    'compartilhe a foto e escolha "Opções" > "Mais Compatível", ou ative Ajustes > Câmera > Formatos > "Mais Compatível"; ' +
    'no Mac, abra no Pré-Visualização e use Arquivo > Exportar > JPEG.',
  uploadTooManyPixels: 'A imagem passa de 50 megapixels, o limite. Reduza a imagem e envie novamente.',
  uploadTooManyPixelsSized: (width: number, height: number) =>
    `A imagem tem ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); o limite é 50 megapixels. ` +
    'Reduza a imagem e envie novamente.',
  uploadTooManyPixelsAnimated: (frames: number, width: number, height: number) =>
    `A animação tem ${frames} quadros de ${width} × ${height} pixels: ${(frames * width * height).toLocaleString('pt-BR')} pixels ` +
    'no total, e o limite é 50 megapixels (50.000.000 pixels) somando todos os quadros. Envie menos quadros ou quadros menores.',
  uploadOverBudget: 'A imagem exigiria tempo ou memória demais para ser processada e foi recusada. Salve-a de novo como JPEG ou PNG e envie outra vez.',
  uploadOverBudgetSized: (width: number, height: number) =>
    `O arquivo declara ${width} × ${height} pixels em pouquíssimos bytes, o que exigiria tempo e memória demais para processar. ` +
    'Se a imagem é real, salve-a de novo como JPEG ou PNG e envie outra vez.',
  uploadCorrupt:
    'Não foi possível ler a imagem: o arquivo está incompleto ou corrompido (por exemplo, um envio interrompido). ' +
    'Exporte ou copie a imagem de novo e tente outra vez.',

  storageUnavailable: 'Serviço temporariamente indisponível: o banco de dados não respondeu. Tente novamente em instantes.',
  endpointNotFound: 'Endereço da API não encontrado.',
  methodNotAllowed: (method: string, allowed: string) => `Método ${method} não permitido neste endereço; use ${allowed}.`,
} as const;
