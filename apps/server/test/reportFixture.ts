/**
 * A five-page report for the AI tests, written so that each fact stands on one known page:
 * the founding on page 1, the keepers' watches on page 2, the budget on page 3, automation on
 * page 4, the stations' legacy on page 5.
 */
import { makeTextPdf, type TextPage } from './pdfFixtures.js';

export const REPORT_TITLE = 'The Lighthouse Service of the Northern Coast';

export const REPORT_PAGES: TextPage[] = [
  {
    heading: 'Introduction',
    paragraphs: [
      'The Northern Coast Lighthouse Service was founded in 1874 to guard the shipping lanes of the northern archipelago. Before its founding, merchants lost dozens of ships every winter on the reefs between the islands. The parliament created the service after a storm sank eleven grain ships in a single night.',
      'Its first director, Anders Holmqvist, planned a chain of forty stations along the coast. Each station was placed so that a sailor would always see at least one light from the deck of a ship. The chain was finished in 1899 after twenty-five years of building.',
      'This report describes how the service worked, what it cost, and how its stations were automated in the twentieth century.',
    ],
  },
  {
    heading: 'Keepers and their families',
    paragraphs: [
      'Each lighthouse was staffed by two keepers who worked in alternating watches of six hours. The keeper on watch trimmed the wicks, polished the lenses and wrote the weather in the station log every hour. Families lived at the stations and children were taught by travelling teachers who came by boat.',
      'Supplies arrived twice a year on the service steamer Vega. The steamer brought flour, coal, paraffin and letters, and it took the sick to the hospital in the port town. In hard winters the ice kept the steamer away for months, and the families lived on dried fish and potatoes.',
      'Keepers were paid a modest wage but received free housing and a pension after thirty years of service.',
    ],
  },
  {
    heading: 'Finances',
    paragraphs: [
      'The annual budget of the lighthouse service was 4.2 million kronor in 1921. Most of the money paid for paraffin, lenses and the wages of the keepers. A smaller share went to the repair of stations damaged by storms and ice.',
      'The service was financed by a light due that every ship paid when it entered a harbour of the coast. Shipowners complained about the due, but insurers lowered their premiums because far fewer ships were lost. By 1930 the light dues covered the whole budget of the service.',
      'The accounts of the service were audited every year by the national audit office.',
    ],
  },
  {
    heading: 'Automation',
    paragraphs: [
      'Automation began in 1958 when the first unmanned beacon was installed at the island of Skarvo. The beacon used an electric lamp and a clockwork that changed the bulb when it burned out. By 1975 every station of the coast had been converted to electric operation.',
      'The last keeper left the station at Grimsholm in 1981. Radio signals and later satellite navigation made the lights less important for large ships, although small boats still rely on them.',
    ],
  },
  {
    heading: 'Legacy',
    paragraphs: [
      'Today the old stations are protected as cultural heritage sites. Several of them have been turned into museums and guest houses that welcome visitors in the summer months.',
      'The station logs kept by the keepers are a valuable record of the weather of the coast over more than a century. Climate researchers use them to study how the winters of the region have changed.',
    ],
  },
];

export function lighthouseReport(): Buffer {
  return makeTextPdf(REPORT_PAGES, { title: REPORT_TITLE });
}

/** A selection of more than 250 characters from page 2, as a reader would highlight it. */
export const PAGE_TWO_SELECTION = REPORT_PAGES[1]!.paragraphs[1]!;
