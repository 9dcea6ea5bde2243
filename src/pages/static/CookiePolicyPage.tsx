import { StaticArticle } from '../shared/StaticArticle.tsx';

export default function CookiePolicyPage() {
  return <StaticArticle route="cookie-policy" />;
}
