import { StaticArticle } from './StaticArticle.tsx';

export default function TermsPage() {
  return <StaticArticle route="terms" />;
}
