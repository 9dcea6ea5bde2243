import { StaticArticle } from '../shared/StaticArticle.tsx';

export default function TermsPage() {
  return <StaticArticle route="terms" />;
}
