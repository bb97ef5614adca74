import type { cmsSectionNames } from '@passerelle/contract';

/** Demo content feed, partners and forum invitation: realistic texts of a CFA, in French and English. */

type SectionName = (typeof cmsSectionNames)[number];
export interface DemoCmsSection {
  section: SectionName;
  lang: 'fr' | 'en';
  title: string;
  html: string;
}

const officialPortal = 'https://www.alternance.emploi.gouv.fr/';

const fr: Record<SectionName, { title: string; html: string }> = {
  news: {
    title: 'Actualités',
    html: [
      '<p><strong>Forum Alternance du Pôle :</strong> plus de 60 entreprises recrutent leurs alternants. Inscrivez-vous depuis l’onglet Recherche et venez avec plusieurs CV imprimés.</p>',
      '<p><strong>Nouveau :</strong> les contrats se signent désormais en ligne. Vous recevez un e-mail dès que votre contrat est prêt à être signé.</p>',
      '<p>Les ateliers CV et entretien reprennent : les places sont limitées, une seule inscription par personne.</p>',
    ].join(''),
  },
  information: {
    title: 'Informations',
    html: [
      '<p>Bienvenue dans votre espace admissible. Il vous accompagne de la recherche d’une entreprise jusqu’à la signature de votre contrat.</p>',
      '<ul>',
      '<li><a href="/espace-admissible/recherche#offers" data-translate-key="portal:information.offersLink">Consulter les offres d’alternance</a> publiées par les entreprises qui recrutent nos étudiants ;</li>',
      '<li><a href="/espace-admissible/recherche#tracking" data-translate-key="portal:information.trackingLink">Tenir à jour le suivi de vos candidatures</a> : le service relations entreprises s’en sert pour vous aider ;</li>',
      '<li><a href="/espace-admissible/dossiers" data-translate-key="portal:information.casesLink">Suivre vos dossiers</a>, étape par étape, jusqu’à la signature.</li>',
      '</ul>',
      `<p>Rémunération, aides, droits de l’alternant : tout est expliqué sur le <a href="${officialPortal}" data-translate-key="portal:information.officialPortalLink">portail officiel de l’alternance</a>.</p>`,
    ].join(''),
  },
  links: {
    title: 'Liens utiles',
    html: [
      '<ul>',
      `<li><a href="${officialPortal}">Portail de l’alternance (ministère du Travail)</a></li>`,
      '<li><a href="https://www.service-public.fr/particuliers/vosdroits/F2918">Le contrat d’apprentissage sur service-public.fr</a></li>',
      '<li><a href="https://cvec.etudiant.gouv.fr/">Payer la CVEC et télécharger son attestation</a></li>',
      '<li><a href="https://www.1jeune1solution.gouv.fr/">1 jeune 1 solution : aides et accompagnement</a></li>',
      '</ul>',
    ].join(''),
  },
  platforms: {
    title: 'Plateformes d’offres',
    html: [
      '<p>En plus des offres de cet espace, cherchez sur :</p>',
      '<ul>',
      '<li><a href="https://labonnealternance.apprentissage.beta.gouv.fr/">La bonne alternance</a> (service public, offres et candidatures spontanées)</li>',
      '<li><a href="https://www.welcometothejungle.com/fr">Welcome to the Jungle</a></li>',
      '<li><a href="https://www.hellowork.com/fr-fr/">HelloWork</a></li>',
      '<li><a href="https://www.linkedin.com/jobs/">LinkedIn Emplois</a></li>',
      '</ul>',
    ].join(''),
  },
  coaching: {
    title: 'Accompagnement',
    html: [
      '<p>Le service relations entreprises vous reçoit en rendez-vous individuel pour relire votre CV, préparer un entretien ou cibler les entreprises.</p>',
      '<p>Les ateliers collectifs (CV, LinkedIn, entretien) ont lieu chaque mois : inscrivez-vous dans la colonne de droite.</p>',
    ].join(''),
  },
  process: {
    title: 'Les étapes de votre dossier',
    html: [
      '<ol>',
      '<li><strong>Fiche premier contact alternant :</strong> vous indiquez l’entreprise qui souhaite vous recruter.</li>',
      '<li><strong>Fiche premier contact employeur :</strong> l’entreprise confirme le poste et les missions.</li>',
      '<li><strong>Modalités :</strong> le service relations entreprises valide les missions et le financement avec l’employeur.</li>',
      '<li><strong>Fiche de renseignements :</strong> vous et l’employeur complétez les informations du contrat.</li>',
      '<li><strong>Préparation par le CFA :</strong> le CFA établit le CERFA et la convention de formation.</li>',
      '<li><strong>Signature :</strong> vous, l’employeur puis l’école signez le contrat.</li>',
      '</ol>',
    ].join(''),
  },
};

const en: Record<SectionName, { title: string; html: string }> = {
  news: {
    title: 'News',
    html: [
      '<p><strong>Work-study fair:</strong> more than 60 companies are hiring work-study students. Sign up from the Search tab and bring several printed CVs.</p>',
      '<p><strong>New:</strong> contracts are now signed online. You receive an e-mail as soon as your contract is ready to sign.</p>',
      '<p>CV and interview workshops start again: places are limited, one registration per person.</p>',
    ].join(''),
  },
  information: {
    title: 'Information',
    html: [
      '<p>Welcome to your applicant space. It guides you from finding a company to signing your contract.</p>',
      '<ul>',
      '<li><a href="/espace-admissible/recherche#offers" data-translate-key="portal:information.offersLink">Browse work-study offers</a> published by companies that hire our students;</li>',
      '<li><a href="/espace-admissible/recherche#tracking" data-translate-key="portal:information.trackingLink">Keep your applications tracking up to date</a>: the company-relations team uses it to help you;</li>',
      '<li><a href="/espace-admissible/dossiers" data-translate-key="portal:information.casesLink">Follow your cases</a>, step by step, up to the signature.</li>',
      '</ul>',
      `<p>Pay, support schemes, apprentices’ rights: everything is explained on the <a href="${officialPortal}" data-translate-key="portal:information.officialPortalLink">official work-study portal</a> (in French).</p>`,
    ].join(''),
  },
  links: {
    title: 'Useful links',
    html: [
      '<ul>',
      `<li><a href="${officialPortal}">Work-study portal (French Ministry of Labour)</a></li>`,
      '<li><a href="https://www.service-public.fr/particuliers/vosdroits/F2918">The apprenticeship contract on service-public.fr</a></li>',
      '<li><a href="https://cvec.etudiant.gouv.fr/">Pay the CVEC and download your certificate</a></li>',
      '<li><a href="https://www.1jeune1solution.gouv.fr/">1 jeune 1 solution: support for young people</a></li>',
      '</ul>',
    ].join(''),
  },
  platforms: {
    title: 'Job platforms',
    html: [
      '<p>Besides the offers in this space, search on:</p>',
      '<ul>',
      '<li><a href="https://labonnealternance.apprentissage.beta.gouv.fr/">La bonne alternance</a> (public service, offers and spontaneous applications)</li>',
      '<li><a href="https://www.welcometothejungle.com/fr">Welcome to the Jungle</a></li>',
      '<li><a href="https://www.hellowork.com/fr-fr/">HelloWork</a></li>',
      '<li><a href="https://www.linkedin.com/jobs/">LinkedIn Jobs</a></li>',
      '</ul>',
    ].join(''),
  },
  coaching: {
    title: 'Coaching',
    html: [
      '<p>The company-relations team meets you one to one to review your CV, prepare an interview or target companies.</p>',
      '<p>Group workshops (CV, LinkedIn, interview) take place every month: sign up in the right-hand column.</p>',
    ].join(''),
  },
  process: {
    title: 'The steps of your case',
    html: [
      '<ol>',
      '<li><strong>Applicant first-contact sheet:</strong> you name the company that wants to hire you.</li>',
      '<li><strong>Employer first-contact sheet:</strong> the company confirms the position and the missions.</li>',
      '<li><strong>Terms:</strong> the company-relations team checks the missions and the funding with the employer.</li>',
      '<li><strong>Information sheet:</strong> you and the employer fill in the contract details.</li>',
      '<li><strong>Preparation by the CFA:</strong> the CFA draws up the CERFA and the training agreement.</li>',
      '<li><strong>Signature:</strong> you, the employer, then the school sign the contract.</li>',
      '</ol>',
    ].join(''),
  },
};

export const demoCmsSections: DemoCmsSection[] = (['fr', 'en'] as const).flatMap((lang) =>
  Object.entries(lang === 'fr' ? fr : en).map(([section, content]) => ({ section: section as SectionName, lang, ...content })),
);

/** A square logo with the initials, as a data: URL, so the demo needs no image hosting. */
export function initialsLogo(name: string, color: string): string {
  const initials = name
    .split(/[\s'’-]+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="${name}">` +
    `<rect width="120" height="120" rx="16" fill="${color}"/>` +
    `<text x="60" y="60" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${initials}</text>` +
    '</svg>';
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

export const demoPartners: { nom: string; color: string; web: string }[] = [
  { nom: 'Société Générale', color: '#e60028', web: 'https://careers.societegenerale.com/' },
  { nom: 'Capgemini', color: '#0070ad', web: 'https://www.capgemini.com/fr-fr/carrieres/' },
  { nom: "L'Oréal", color: '#1a1a1a', web: 'https://careers.loreal.com/' },
  { nom: 'BNP Paribas', color: '#00915a', web: 'https://group.bnpparibas/emploi-carriere' },
  { nom: 'Decathlon', color: '#0082c3', web: 'https://joinus.decathlon.fr/' },
  { nom: 'Thales', color: '#242a75', web: 'https://careers.thalesgroup.com/' },
  { nom: 'Orange', color: '#ff7900', web: 'https://orange.jobs/' },
];

export const demoForum = {
  name: 'Forum Alternance du Pôle Léonard de Vinci',
  link: 'https://www.devinci.fr/',
};
