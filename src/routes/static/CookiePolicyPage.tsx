import { StaticArticle } from './StaticArticle.tsx';

export default function CookiePolicyPage() {
  return <StaticArticle route="cookie-policy" />;
}
