/**
 * Content collections (Astro content layer). `pages` holds the editor-owned
 * FAQ and policy pages: one markdown file each under src/content/, the file
 * name being the entry id (faq, terms-use, privacy-policy). Editors change
 * only those files; the frontmatter is checked at build, so a missing title
 * or a malformed date fails the build instead of shipping a broken page.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    /** When the text last changed (YYYY-MM-DD); shown as "Last updated". */
    updated: z.coerce.date(),
  }),
});

export const collections = { pages };
