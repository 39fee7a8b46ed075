import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { SiteLayout } from './layout/site-layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';

const handle = (value: RouteHandle): RouteHandle => value;

/**
 * Spec §2 routes. /studio and /pay are public so visitors can look around and compare plans;
 * the actions inside them (generating, paying) ask for a session when they arrive.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: '/',
            handle: handle({ public: true }),
            ...lazyPage(
              () => import('../features/landing/landing-page'),
              (m) => <m.LandingPage />,
            ),
          },
          {
            path: '*',
            element: <NotFoundPage />,
            handle: handle({ public: true, titleKey: 'notFound.title' }),
          },
        ],
      },
      {
        element: <AppLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: '/home',
            id: 'home',
            ...lazyPage(
              () => import('../features/community/pages/feed-page'),
              (m) => <m.DiscoverPage />,
            ),
            handle: handle({ public: true, pageKey: 'home', titleKey: 'nav.home' }),
          },
          // Community (spec §2): feeds, works and people are open to visitors; acting asks for a session.
          {
            path: '/explore',
            ...lazyPage(
              () => import('../features/community/pages/feed-page'),
              (m) => <m.ExplorePage />,
            ),
            handle: handle({ public: true, pageKey: 'explore', titleKey: 'nav.explore' }),
          },
          {
            path: '/w/:workId',
            ...lazyPage(
              () => import('../features/community/pages/work-page'),
              (m) => <m.WorkPage />,
            ),
            handle: handle({ public: true, pageKey: 'explore', titleKey: 'community.work.title' }),
          },
          {
            path: '/u/:userId',
            ...lazyPage(
              () => import('../features/community/pages/user-page'),
              (m) => <m.UserPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'people',
              titleKey: 'community.profile.title',
            }),
          },
          {
            path: '/favorites',
            ...lazyPage(
              () => import('../features/community/pages/favorites-page'),
              (m) => <m.FavoritesPage />,
            ),
            handle: handle({ pageKey: 'favorites', titleKey: 'nav.favorites' }),
          },
          {
            path: '/circles',
            ...lazyPage(
              () => import('../features/community/pages/circles-page'),
              (m) => <m.CirclesPage />,
            ),
            handle: handle({ public: true, pageKey: 'circles', titleKey: 'nav.circles' }),
          },
          {
            path: '/circles/:circleId',
            ...lazyPage(
              () => import('../features/community/pages/circle-page'),
              (m) => <m.CirclePage />,
            ),
            handle: handle({ public: true, pageKey: 'circles', titleKey: 'nav.circles' }),
          },
          {
            path: '/campaigns',
            ...lazyPage(
              () => import('../features/community/pages/campaigns-page'),
              (m) => <m.CampaignsPage />,
            ),
            handle: handle({ public: true, pageKey: 'campaigns', titleKey: 'nav.campaigns' }),
          },
          {
            path: '/campaigns/:cmpId',
            ...lazyPage(
              () => import('../features/community/pages/campaign-page'),
              (m) => <m.CampaignPage />,
            ),
            handle: handle({ public: true, pageKey: 'campaigns', titleKey: 'nav.campaigns' }),
          },
          {
            path: '/notifications',
            ...lazyPage(
              () => import('../features/notifications/notifications-page'),
              (m) => <m.NotificationsPage />,
            ),
            handle: handle({ pageKey: 'notifications', titleKey: 'nav.notifications' }),
          },
          {
            path: '/studio',
            ...lazyPage(
              () => import('../features/studio/studio-page'),
              (m) => <m.StudioPage />,
            ),
            handle: handle({ public: true, pageKey: 'studio', titleKey: 'nav.studio' }),
          },
          // Open to visitors to look around; pressing Generate or uploading asks them to sign in.
          {
            path: '/studio/image',
            ...lazyPage(
              () => import('../features/generate/pages/image-studio-page'),
              (m) => <m.ImageStudioPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'generate.studios.image.title',
            }),
          },
          {
            path: '/studio/video',
            ...lazyPage(
              () => import('../features/generate/pages/video-studio-page'),
              (m) => <m.VideoStudioPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'generate.studios.video.title',
            }),
          },
          {
            path: '/studio/3d',
            ...lazyPage(
              () => import('../features/generate/pages/model-studio-page'),
              (m) => <m.ModelStudioPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'generate.studios.3d.title',
            }),
          },
          // The editor's canvas code is a chunk of its own, fetched only when the editor opens.
          {
            path: '/studio/edit',
            ...lazyPage(
              () => import('../features/tools/editor/editor-page'),
              (m) => <m.EditorPage />,
            ),
            handle: handle({ public: true, pageKey: 'toolbox', titleKey: 'tools.editor.title' }),
          },
          {
            path: '/studio/tools',
            ...lazyPage(
              () => import('../features/tools/toolbox/toolbox-page'),
              (m) => <m.ToolboxPage />,
            ),
            handle: handle({ public: true, pageKey: 'toolbox', titleKey: 'tools.toolbox.title' }),
          },
          // The video tool screens: open to visitors; submitting or uploading asks for a session.
          {
            path: '/studio/templates',
            ...lazyPage(
              () => import('../features/video-tools/pages/templates-page'),
              (m) => <m.TemplatesPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'videoTools.templates.title',
            }),
          },
          {
            path: '/studio/lip-sync',
            ...lazyPage(
              () => import('../features/video-tools/pages/lip-sync-page'),
              (m) => <m.LipSyncPage />,
            ),
            handle: handle({ public: true, pageKey: 'studio', titleKey: 'taskTypes.mouth_speech' }),
          },
          {
            path: '/studio/characters',
            ...lazyPage(
              () => import('../features/characters/characters-page'),
              (m) => <m.CharactersPage />,
            ),
            handle: handle({ pageKey: 'toolbox', titleKey: 'taskTypes.character_create' }),
          },
          {
            path: '/studio/logo',
            ...lazyPage(
              () => import('../features/tools/studios/logo-studio-page'),
              (m) => <m.LogoStudioPage />,
            ),
            handle: handle({ public: true, pageKey: 'toolbox', titleKey: 'taskTypes.logo' }),
          },
          {
            path: '/studio/shop',
            ...lazyPage(
              () => import('../features/tools/shop/shop-studio-page'),
              (m) => <m.ShopStudioPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'toolbox',
              titleKey: 'taskTypes.product_shot',
            }),
          },
          {
            path: '/studio/tattoo',
            ...lazyPage(
              () => import('../features/tools/studios/tattoo-studio-page'),
              (m) => <m.TattooStudioPage />,
            ),
            handle: handle({ public: true, pageKey: 'toolbox', titleKey: 'taskTypes.tattoo' }),
          },
          {
            path: '/studio/portrait',
            ...lazyPage(
              () => import('../features/tools/studios/portrait-studio-page'),
              (m) => <m.PortraitPage />,
            ),
            handle: handle({ public: true, pageKey: 'toolbox', titleKey: 'taskTypes.portrait' }),
          },
          {
            path: '/studio/try-on',
            ...lazyPage(
              () => import('../features/tools/studios/try-on-studio-page'),
              (m) => <m.TryOnPage />,
            ),
            handle: handle({ public: true, pageKey: 'toolbox', titleKey: 'taskTypes.try_on' }),
          },
          {
            path: '/studio/tutorials',
            ...lazyPage(
              () => import('../features/tutorials/tutorials-page'),
              (m) => <m.TutorialsPage />,
            ),
            handle: handle({ public: true, pageKey: 'studio', titleKey: 'tutorials.title' }),
          },
          {
            path: '/pay',
            id: 'pay',
            ...lazyPage(
              () => import('../features/membership/pay-page'),
              (m) => <m.PayPage />,
            ),
            handle: handle({ public: true, pageKey: 'pay', titleKey: 'nav.pay' }),
          },
          {
            path: '/pay/result',
            ...lazyPage(
              () => import('../features/membership/result/payment-result-page'),
              (m) => <m.PaymentResultPage />,
            ),
            handle: handle({ pageKey: 'pay', titleKey: 'membership.result.title' }),
          },
          {
            path: '/invite',
            ...lazyPage(
              () => import('../features/invite/invite-page'),
              (m) => <m.InvitePage />,
            ),
            handle: handle({ pageKey: 'account', titleKey: 'invite.title' }),
          },
          // Invite links land here signed out; the code is kept for sign-up.
          {
            path: '/invite/:code',
            ...lazyPage(
              () => import('../features/invite/invite-landing-page'),
              (m) => <m.InviteLandingPage />,
            ),
            handle: handle({ public: true, pageKey: 'account', titleKey: 'invite.landing.title' }),
          },
          {
            path: '/clip',
            id: 'clip',
            ...lazyPage(
              () => import('../features/clip/clip-page'),
              (m) => <m.ClipPage />,
            ),
            handle: handle({ pageKey: 'clip', titleKey: 'clip.title' }),
          },
          {
            path: '/admin',
            ...lazyPage(
              () => import('../features/admin/admin-home-page'),
              (m) => <m.AdminHomePage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'nav.admin' }),
          },
          {
            path: '/admin/review',
            ...lazyPage(
              () => import('../features/admin/pages/review-page'),
              (m) => <m.ReviewPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.review.title' }),
          },
          {
            path: '/admin/circles',
            ...lazyPage(
              () => import('../features/admin/pages/circles-admin-page'),
              (m) => <m.CirclesAdminPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.circles.title' }),
          },
          {
            path: '/admin/campaigns',
            ...lazyPage(
              () => import('../features/admin/pages/campaigns-admin-page'),
              (m) => <m.CampaignsAdminPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.campaigns.title' }),
          },
          {
            path: '/admin/notifications',
            ...lazyPage(
              () => import('../features/admin/pages/broadcast-page'),
              (m) => <m.BroadcastPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.broadcast.title' }),
          },
          {
            path: '/admin/payments',
            ...lazyPage(
              () => import('../features/admin/pages/payments-review-page'),
              (m) => <m.PaymentsReviewPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.payments.title' }),
          },
          {
            path: '/admin/engines',
            ...lazyPage(
              () => import('../features/admin/pages/engines-page'),
              (m) => <m.EnginesPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.engines.title' }),
          },
          {
            path: '/admin/users',
            ...lazyPage(
              () => import('../features/admin/pages/users-admin-page'),
              (m) => <m.UsersAdminPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.users.title' }),
          },
          {
            path: '/admin/users/:id',
            ...lazyPage(
              () => import('../features/admin/pages/user-admin-page'),
              (m) => <m.UserAdminPage />,
            ),
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.users.title' }),
          },
          // Account pages have no sidebar entry; their own page key leaves none highlighted.
          {
            path: '/account/profile',
            ...lazyPage(
              () => import('../features/accounts/pages/profile-page'),
              (m) => <m.ProfilePage />,
            ),
            handle: handle({ pageKey: 'account', titleKey: 'profile.title' }),
          },
          {
            path: '/account/settings',
            ...lazyPage(
              () => import('../features/accounts/pages/settings-page'),
              (m) => <m.SettingsPage />,
            ),
            handle: handle({ pageKey: 'account', titleKey: 'settings.title' }),
          },
          {
            path: '/feedback',
            ...lazyPage(
              () => import('../features/accounts/pages/feedback-page'),
              (m) => <m.FeedbackPage />,
            ),
            handle: handle({ pageKey: 'account', titleKey: 'feedback.title' }),
          },
          {
            path: '/contact',
            ...lazyPage(
              () => import('../features/accounts/pages/contact-page'),
              (m) => <m.ContactPage />,
            ),
            handle: handle({ public: true, pageKey: 'contact', titleKey: 'contact.title' }),
          },
          {
            path: '/library',
            ...lazyPage(
              () => import('../features/library/pages/library-page'),
              (m) => <m.LibraryPage />,
            ),
            handle: handle({ pageKey: 'library', titleKey: 'library.title' }),
          },
          {
            path: '/library/item/:taskId/:index',
            ...lazyPage(
              () => import('../features/library/pages/media-detail-page'),
              (m) => <m.MediaDetailPage />,
            ),
            handle: handle({ pageKey: 'library', titleKey: 'library.detail.title' }),
          },
          {
            path: '/account/credits',
            ...lazyPage(
              () => import('../features/credits/pages/credit-bills-page'),
              (m) => <m.CreditBillsPage />,
            ),
            handle: handle({ pageKey: 'account', titleKey: 'credits.bills.title' }),
          },
          {
            path: '/member',
            ...lazyPage(
              () =>
                Promise.all([
                  import('../features/credits/pages/member-page'),
                  import('../features/membership/member-centre/membership-overview'),
                  import('../features/membership/member-centre/payment-history'),
                ]),
              ([page, overview, history]) => (
                <page.MemberPage
                  membership={<overview.MembershipOverview />}
                  payments={<history.PaymentHistory />}
                />
              ),
            ),
            handle: handle({ pageKey: 'account', titleKey: 'member.title' }),
          },
          {
            path: '/terms',
            ...lazyPage(
              () => import('../features/legal/legal-page'),
              (m) => <m.LegalPage doc="terms" />,
            ),
            handle: handle({ public: true, pageKey: 'terms', titleKey: 'legal.terms.title' }),
          },
          {
            path: '/privacy',
            ...lazyPage(
              () => import('../features/legal/legal-page'),
              (m) => <m.LegalPage doc="privacy" />,
            ),
            handle: handle({ public: true, pageKey: 'privacy', titleKey: 'legal.privacy.title' }),
          },
          {
            path: '/guardian',
            ...lazyPage(
              () => import('../features/accounts/minors/guardian-page'),
              (m) => <m.GuardianPage />,
            ),
            handle: handle({ public: true, pageKey: 'guardian' }),
          },
          {
            path: '/credit-policy',
            ...lazyPage(
              () => import('../features/credits/pages/credit-policy-page'),
              (m) => <m.CreditPolicyPage />,
            ),
            handle: handle({
              public: true,
              pageKey: 'creditPolicy',
              titleKey: 'credits.policy.title',
            }),
          },
        ],
      },
      // The sandbox provider's hosted checkout stands alone, as a real provider's page would.
      // Paying there is a click, so it is the order owner's only: a visitor signs in first.
      {
        path: '/pay/checkout/:sessionId',
        ...lazyPage(
          () => import('../features/membership/checkout/sandbox-checkout-page'),
          (m) => <m.SandboxCheckoutPage />,
        ),
        handle: handle({ titleKey: 'membership.checkout.title' }),
      },
      ...(['discord', 'apple', 'facebook', 'google'] as const).map((provider) => ({
        path: `/login-${provider}`,
        ...lazyPage(
          () => import('../features/accounts/oauth-callback-page'),
          (m) => <m.OAuthCallbackPage provider={provider} />,
        ),
        handle: handle({ public: true, titleKey: 'oauth.title' }),
      })),
    ],
  },
];
