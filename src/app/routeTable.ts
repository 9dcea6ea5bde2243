import type { ComponentType } from 'react';

/** Carried in every route's `handle` (docs/CONVENTIONS.md route names). */
export interface RouteHandle {
  name: string;
  navbarSearch?: boolean;
  transition?: 'slide-fade';
  standalone?: boolean;
}

export interface PageRoute extends RouteHandle {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** Every page of seed §2. Paths are react-router patterns; each page is its own chunk. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { name: 'home', path: '/', navbarSearch: true, load: () => import('../routes/home/HomePage.tsx') },
  { name: 'twibbo', path: '/twibbo/:uri', load: () => import('../routes/campaign/TwibboPage.tsx') },
  { name: 'create-campaign', path: '/create/:type/:frameid?', load: () => import('../routes/create/CreateCampaignPage.tsx') },
  { name: 'explore', path: '/explore/:tab?', load: () => import('../routes/explore/ExplorePage.tsx') },
  { name: 'leaderboard', path: '/leaderboard', load: () => import('../routes/discover/LeaderboardPage.tsx') },
  { name: 'creators', path: '/for-creators', load: () => import('../routes/discover/CreatorsPage.tsx') },
  { name: 'public-profile', path: '/u/:username', load: () => import('../routes/account/PublicProfilePage.tsx') },
  { name: 'collection', path: '/c/:uri', load: () => import('../routes/discover/CollectionPage.tsx') },
  { name: 'profile-own', path: '/profile', load: () => import('../routes/account/ProfilePage.tsx') },
  { name: 'profile-settings', path: '/profile/profile-settings', load: () => import('../routes/account/ProfileSettingsPage.tsx') },
  { name: 'cancel-reset-email', path: '/reset-email/:ticket', load: () => import('../routes/account/CancelResetEmailPage.tsx') },
  { name: 'invoice', path: '/invoice/:orderId', load: () => import('../routes/commerce/InvoicePage.tsx') },
  { name: 'edit-campaign', path: '/campaign/:url/:frameid?', load: () => import('../routes/create/EditCampaignPage.tsx') },
  { name: 'post', path: '/p/:uri', transition: 'slide-fade', load: () => import('../routes/campaign/PostPage.tsx') },
  { name: 'use-cases', path: '/use-cases', load: () => import('../routes/content/UseCasesPage.tsx') },
  { name: 'use-case', path: '/use-cases/:slug', load: () => import('../routes/content/UseCasePage.tsx') },
  { name: 'testimonials', path: '/testimonials', load: () => import('../routes/content/TestimonialsPage.tsx') },
  { name: 'testimonial', path: '/testimonials/:slug', load: () => import('../routes/content/TestimonialPage.tsx') },
  { name: 'blog', path: '/blog', load: () => import('../routes/content/BlogPage.tsx') },
  { name: 'blog-post', path: '/blog/:id/:slug', load: () => import('../routes/content/BlogPostPage.tsx') },
  { name: 'pricing', path: '/pricing', load: () => import('../routes/commerce/PricingPage.tsx') },
  { name: 'pricing-supporters', path: '/pricing/supporters', load: () => import('../routes/commerce/PricingSupportersPage.tsx') },
  { name: 'pricing-creators', path: '/pricing/creators', load: () => import('../routes/commerce/PricingCreatorsPage.tsx') },
  { name: 'checkout', path: '/checkout', load: () => import('../routes/commerce/CheckoutPage.tsx') },
  { name: 'checkout-failed', path: '/checkout/failed/:orderId', load: () => import('../routes/commerce/CheckoutFailedPage.tsx') },
  { name: 'checkout-loading', path: '/checkout/loading/:orderId', load: () => import('../routes/commerce/CheckoutLoadingPage.tsx') },
  { name: 'contact-us', path: '/contact-us', load: () => import('../routes/static/ContactUsPage.tsx') },
  { name: 'about', path: '/about', load: () => import('../routes/static/AboutPage.tsx') },
  { name: 'personnel', path: '/about/personnel', load: () => import('../routes/static/PersonnelPage.tsx') },
  { name: 'personnel-detail', path: '/about/personnel/:slug', load: () => import('../routes/static/PersonnelDetailPage.tsx') },
  { name: 'terms', path: '/terms', load: () => import('../routes/static/TermsPage.tsx') },
  { name: 'privacy-policy', path: '/privacy-policy', load: () => import('../routes/static/PrivacyPolicyPage.tsx') },
  { name: 'cookie-policy', path: '/cookie-policy', load: () => import('../routes/static/CookiePolicyPage.tsx') },
  { name: 'csae', path: '/csae', load: () => import('../routes/static/CsaePage.tsx') },
  { name: 'forgot-password', path: '/forgot-password', load: () => import('../routes/account/ForgotPasswordPage.tsx') },
  { name: 'reset-password', path: '/reset-password', load: () => import('../routes/account/ResetPasswordPage.tsx') },
  { name: 'what-is-a-twibbon', path: '/what-is-a-twibbon', load: () => import('../routes/static/WhatIsATwibbonPage.tsx') },
  { name: 'verification', path: '/verification', load: () => import('../routes/account/VerificationPage.tsx') },
  { name: 'unsubscribe', path: '/unsubscribe', standalone: true, load: () => import('../routes/system/UnsubscribePage.tsx') },
  { name: 'maintenance', path: '/maintenance', standalone: true, load: () => import('../routes/system/MaintenancePage.tsx') },
  { name: 'coming-soon', path: '/coming-soon', standalone: true, load: () => import('../routes/system/ComingSoonPage.tsx') },
  { name: 'media-assets', path: '/media-assets', navbarSearch: true, load: () => import('../routes/account/MediaAssetsPage.tsx') },
  { name: 'notifications', path: '/notifications', navbarSearch: true, load: () => import('../routes/account/NotificationsPage.tsx') },
  { name: 'site-map', path: '/site-map', navbarSearch: true, load: () => import('../routes/static/SiteMapPage.tsx') },
  // The staff console: the not-found page to anyone who is not staff (not in the public navigation).
  { name: 'staff', path: '/staff', load: () => import('../routes/staff/StaffPage.tsx') },
  { name: 'campaign', path: '/:uri', navbarSearch: true, transition: 'slide-fade', load: () => import('../routes/campaign/CampaignPage.tsx') },
  { name: 'campaign-support', path: '/:uri/support', load: () => import('../routes/campaign/CampaignSupportPage.tsx') },
  { name: 'campaign-result', path: '/:uri/result', load: () => import('../routes/campaign/CampaignResultPage.tsx') },
  { name: 'ai-twibbon', path: '/ai-twibbon', load: () => import('../routes/create/AiTwibbonPage.tsx') },
  { name: 'test', path: '/test/test/test', load: () => import('../routes/system/TestPage.tsx') },
  { name: 'appeal', path: '/appeal', load: () => import('../routes/account/AppealPage.tsx') },
  { name: 'apply-monetization', path: '/apply-monetization', load: () => import('../routes/account/ApplyMonetizationPage.tsx') },
  { name: 'earnings', path: '/profile/earnings', load: () => import('../routes/account/EarningsPage.tsx') },
  { name: 'credits', path: '/credits', load: () => import('../routes/commerce/CreditsPage.tsx') },
  { name: 'delete-account-facebook', path: '/delete-account/facebook', load: () => import('../routes/account/DeleteAccountFacebookPage.tsx') },
  { name: 'unavailable', path: '/403', load: () => import('../routes/system/UnavailablePage.tsx') },
  { name: 'not-found', path: '/404', load: () => import('../ui/NotFoundPage.tsx') },
  { name: 'not-found', path: '*', load: () => import('../ui/NotFoundPage.tsx') },
];
