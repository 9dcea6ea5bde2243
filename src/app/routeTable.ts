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
  { name: 'home', path: '/', navbarSearch: true, load: () => import('../pages/home/HomePage.tsx') },
  { name: 'twibbo', path: '/twibbo/:uri', load: () => import('../pages/campaign/TwibboPage.tsx') },
  { name: 'create-campaign', path: '/create/:type/:frameid?', load: () => import('../pages/create/CreateCampaignPage.tsx') },
  { name: 'explore', path: '/explore/:tab?', load: () => import('../pages/explore/ExplorePage.tsx') },
  { name: 'leaderboard', path: '/leaderboard', load: () => import('../pages/discover/LeaderboardPage.tsx') },
  { name: 'creators', path: '/for-creators', load: () => import('../pages/discover/CreatorsPage.tsx') },
  { name: 'public-profile', path: '/u/:username', load: () => import('../pages/account/PublicProfilePage.tsx') },
  { name: 'collection', path: '/c/:uri', load: () => import('../pages/discover/CollectionPage.tsx') },
  { name: 'profile-own', path: '/profile', load: () => import('../pages/account/ProfilePage.tsx') },
  { name: 'profile-settings', path: '/profile/profile-settings', load: () => import('../pages/account/ProfileSettingsPage.tsx') },
  { name: 'cancel-reset-email', path: '/reset-email/:ticket', load: () => import('../pages/account/CancelResetEmailPage.tsx') },
  { name: 'invoice', path: '/invoice/:orderId', load: () => import('../pages/commerce/InvoicePage.tsx') },
  { name: 'edit-campaign', path: '/campaign/:url/:frameid?', load: () => import('../pages/create/EditCampaignPage.tsx') },
  { name: 'post', path: '/p/:uri', transition: 'slide-fade', load: () => import('../pages/campaign/PostPage.tsx') },
  { name: 'use-cases', path: '/use-cases', load: () => import('../pages/content/UseCasesPage.tsx') },
  { name: 'use-case', path: '/use-cases/:slug', load: () => import('../pages/content/UseCasePage.tsx') },
  { name: 'testimonials', path: '/testimonials', load: () => import('../pages/content/TestimonialsPage.tsx') },
  { name: 'testimonial', path: '/testimonials/:slug', load: () => import('../pages/content/TestimonialPage.tsx') },
  { name: 'blog', path: '/blog', load: () => import('../pages/content/BlogPage.tsx') },
  { name: 'blog-post', path: '/blog/:id/:slug', load: () => import('../pages/content/BlogPostPage.tsx') },
  { name: 'pricing', path: '/pricing', load: () => import('../pages/commerce/PricingPage.tsx') },
  { name: 'pricing-supporters', path: '/pricing/supporters', load: () => import('../pages/commerce/PricingSupportersPage.tsx') },
  { name: 'pricing-creators', path: '/pricing/creators', load: () => import('../pages/commerce/PricingCreatorsPage.tsx') },
  { name: 'checkout', path: '/checkout', load: () => import('../pages/commerce/CheckoutPage.tsx') },
  { name: 'checkout-failed', path: '/checkout/failed/:orderId', load: () => import('../pages/commerce/CheckoutFailedPage.tsx') },
  { name: 'checkout-loading', path: '/checkout/loading/:orderId', load: () => import('../pages/commerce/CheckoutLoadingPage.tsx') },
  { name: 'contact-us', path: '/contact-us', load: () => import('../pages/static/ContactUsPage.tsx') },
  { name: 'about', path: '/about', load: () => import('../pages/static/AboutPage.tsx') },
  { name: 'personnel', path: '/about/personnel', load: () => import('../pages/static/PersonnelPage.tsx') },
  { name: 'personnel-detail', path: '/about/personnel/:slug', load: () => import('../pages/static/PersonnelDetailPage.tsx') },
  { name: 'terms', path: '/terms', load: () => import('../pages/static/TermsPage.tsx') },
  { name: 'privacy-policy', path: '/privacy-policy', load: () => import('../pages/static/PrivacyPolicyPage.tsx') },
  { name: 'cookie-policy', path: '/cookie-policy', load: () => import('../pages/static/CookiePolicyPage.tsx') },
  { name: 'csae', path: '/csae', load: () => import('../pages/static/CsaePage.tsx') },
  { name: 'forgot-password', path: '/forgot-password', load: () => import('../pages/account/ForgotPasswordPage.tsx') },
  { name: 'reset-password', path: '/reset-password', load: () => import('../pages/account/ResetPasswordPage.tsx') },
  { name: 'what-is-a-twibbon', path: '/what-is-a-twibbon', load: () => import('../pages/static/WhatIsATwibbonPage.tsx') },
  { name: 'verification', path: '/verification', load: () => import('../pages/account/VerificationPage.tsx') },
  { name: 'unsubscribe', path: '/unsubscribe', standalone: true, load: () => import('../pages/system/UnsubscribePage.tsx') },
  { name: 'maintenance', path: '/maintenance', standalone: true, load: () => import('../pages/system/MaintenancePage.tsx') },
  { name: 'coming-soon', path: '/coming-soon', standalone: true, load: () => import('../pages/system/ComingSoonPage.tsx') },
  { name: 'media-assets', path: '/media-assets', navbarSearch: true, load: () => import('../pages/account/MediaAssetsPage.tsx') },
  { name: 'notifications', path: '/notifications', navbarSearch: true, load: () => import('../pages/account/NotificationsPage.tsx') },
  { name: 'site-map', path: '/site-map', navbarSearch: true, load: () => import('../pages/static/SiteMapPage.tsx') },
  { name: 'campaign', path: '/:uri', navbarSearch: true, transition: 'slide-fade', load: () => import('../pages/campaign/CampaignPage.tsx') },
  { name: 'campaign-support', path: '/:uri/support', load: () => import('../pages/campaign/CampaignSupportPage.tsx') },
  { name: 'campaign-result', path: '/:uri/result', load: () => import('../pages/campaign/CampaignResultPage.tsx') },
  { name: 'ai-twibbon', path: '/ai-twibbon', load: () => import('../pages/create/AiTwibbonPage.tsx') },
  { name: 'test', path: '/test/test/test', load: () => import('../pages/system/TestPage.tsx') },
  { name: 'appeal', path: '/appeal', load: () => import('../pages/account/AppealPage.tsx') },
  { name: 'apply-monetization', path: '/apply-monetization', load: () => import('../pages/account/ApplyMonetizationPage.tsx') },
  { name: 'credits', path: '/credits', load: () => import('../pages/commerce/CreditsPage.tsx') },
  { name: 'delete-account-facebook', path: '/delete-account/facebook', load: () => import('../pages/account/DeleteAccountFacebookPage.tsx') },
  { name: 'unavailable', path: '/403', load: () => import('../pages/system/UnavailablePage.tsx') },
  { name: 'not-found', path: '/404', load: () => import('../pages/system/NotFoundPage.tsx') },
  { name: 'not-found', path: '*', load: () => import('../pages/system/NotFoundPage.tsx') },
];
