import { z } from 'zod';
import { language } from './auth.ts';
import { cmsSectionNames, isoDate } from './portal.ts';
import { CMS_HTML_MAX, CMS_TITLE_MAX } from './staff-content-limits.ts';

export * from './staff-content-limits.ts';

// ---------- The applicant portal's content, written in the back office (issue 12, decision 0023) ----------

export const cmsSectionName = z.enum(cmsSectionNames);
export type CmsSectionName = z.infer<typeof cmsSectionName>;

export const staffCmsParams = z.object({ section: z.string().max(40) });
/** `lang` as the web app names languages; the table keeps 'fr' and 'en'. */
export const staffCmsQuery = z.object({ lang: language });
export const staffCmsBody = z
  .object({
    title: z.string().trim().min(1, 'field.required').max(CMS_TITLE_MAX),
    /** Html; the server cleans it with the feed's rules before storing it. */
    text: z.string().max(CMS_HTML_MAX),
  })
  .strict();
export type StaffCmsBody = z.infer<typeof staffCmsBody>;
export const staffCmsSection = z.object({
  section: cmsSectionName,
  lang: language,
  title: z.string(),
  /** The html as stored, cleaned: what the applicant's portal shows. */
  text: z.string(),
  /** ISO timestamp of the last save; null while the section was never written in this language. */
  updatedAt: z.string().nullable(),
});
export type StaffCmsSection = z.infer<typeof staffCmsSection>;

// ---------- Public files (the home's documents card) ----------

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const contentItemParams = z.object({ id });
const displayName = z.string().trim().min(1, 'field.required').max(150);

export const staffPublicFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  attachmentUrl: z.string(),
  position: z.number().int(),
});
export type StaffPublicFile = z.infer<typeof staffPublicFile>;
export const staffPublicFilesResponse = z.object({ files: z.array(staffPublicFile) });
export type StaffPublicFilesResponse = z.infer<typeof staffPublicFilesResponse>;
export const staffPublicFileResponse = z.object({ file: staffPublicFile });
export const renamePublicFileBody = z.object({ name: displayName }).strict();
export type RenamePublicFileBody = z.infer<typeof renamePublicFileBody>;

/** A new order: every id of the list, once each, first shown first. */
export const contentOrderBody = z.object({ ids: z.array(id).min(1).max(500) }).strict();
export type ContentOrderBody = z.infer<typeof contentOrderBody>;

// ---------- Partners (the search screen's partners card) ----------

const httpsAddress = z
  .string()
  .trim()
  .min(1, 'field.required')
  .max(500)
  .pipe(z.url({ protocol: /^https$/, message: 'content.https_required' }));

export const partnerBody = z
  .object({
    nom: z.string().trim().min(1, 'field.required').max(150),
    web: httpsAddress,
    /** The address an upload of POST /staff/content/partner-logos answered, or the partner's current logo. */
    logo: z.string().trim().min(1, 'content.logo_required').max(300_000),
  })
  .strict();
export type PartnerBody = z.infer<typeof partnerBody>;
export const staffPartner = z.object({
  id: z.number().int(),
  nom: z.string(),
  logo: z.string(),
  web: z.string(),
  position: z.number().int(),
});
export type StaffPartner = z.infer<typeof staffPartner>;
export const staffPartnersResponse = z.object({ partners: z.array(staffPartner) });
export type StaffPartnersResponse = z.infer<typeof staffPartnersResponse>;
export const staffPartnerResponse = z.object({ partner: staffPartner });
export const partnerLogoResponse = z.object({ logo: z.string() });
export type PartnerLogoResponse = z.infer<typeof partnerLogoResponse>;

// ---------- Forum invitation (the search screen's forum card) ----------

export const forumBody = z
  .object({
    name: z.string().trim().min(1, 'field.required').max(200),
    date: isoDate,
    link: httpsAddress,
    /** False hides the card from every applicant, keeping what was typed for next time. */
    active: z.boolean(),
  })
  .strict();
export type ForumBody = z.infer<typeof forumBody>;
export const staffForumResponse = z.object({ forum: forumBody.nullable() });
export type StaffForumResponse = z.infer<typeof staffForumResponse>;
