import { DomainsCard } from './domains-card';
import { EmbedCard } from './embed-card';
import { PublicContentCard } from './public-content-card';

/** Public site: the courier's website texts, its own host names and embedding. */
export function PublicSiteTab() {
  return (
    <div className="space-y-6">
      <PublicContentCard />
      <DomainsCard />
      <EmbedCard />
    </div>
  );
}
