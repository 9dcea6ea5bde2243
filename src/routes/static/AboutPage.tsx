import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { StaticArticle } from './StaticArticle.tsx';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <StaticArticle route="about">
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/about/personnel">{t('pages.about.meetTeam')}</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/privacy-policy">{t('nav.privacy')}</Link>
        </Button>
      </div>
    </StaticArticle>
  );
}
