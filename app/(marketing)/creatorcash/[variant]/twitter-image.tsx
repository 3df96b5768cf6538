export { alt, size, contentType, generateStaticParams, default } from './opengraph-image';

// Route segment config must be a literal in this file to be read at build time.
export const dynamicParams = false;
