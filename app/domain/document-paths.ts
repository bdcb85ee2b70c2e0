/** Where documents live on the site (no other imports: the home page's bundle includes this). */
export const documentPath = (id: string) => `/documents/${id}`;
export const documentDownloadPath = (id: string) => `/documents/${id}/download`;
/** The current investor pack (the newest published one), wherever the site offers it. */
export const INVESTOR_PACK_PATH = "/documents/investor-pack";
