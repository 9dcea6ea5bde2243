import { StaticArticle } from './StaticArticle.tsx';

export default function CsaePage() {
  return <StaticArticle route="csae" />;
}
