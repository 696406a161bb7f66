/**
 * Programs that fetch a link to show its preview card or to index it, by their user agent: chat apps
 * (WhatsApp, Slack, Teams, Telegram, Discord), social networks, search engines and link checkers. The
 * `isbot` package is not among the dependencies, so this short list stands in for it; a person's browser
 * never names itself with any of these words.
 */
const UNFURLERS =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebot|whatsapp|telegram|slack|discord|skypeuripreview|microsoftpreview|teams\/|linkedin|pinterest|embedly|iframely|vkshare|redditbot|outlook|google-pagerenderer|google-read-aloud|preview|unfurl|metainspector/i;

/** Whether a request comes from a link unfurler or a crawler rather than a person opening the link. */
export const isUnfurler = (userAgent: string | undefined): boolean => userAgent !== undefined && UNFURLERS.test(userAgent);
