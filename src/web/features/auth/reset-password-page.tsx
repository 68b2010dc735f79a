import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PRODUCT_MESSAGES, resetPasswordSchema, ROUTES } from '../../../domain/index.ts';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { errorMessage } from '../../data/server/client.ts';
import { confirmPasswordReset, refusedField } from '../../data/server/recovery.ts';
import { AuthCard, NewPasswordField } from './auth-card.tsx';

/**
 * /reset-password?token=…, opened from the reset mail: a new password with the registration
 * rules. Success signs every session out and goes to /login with a toast. The token is read only
 * when the form is sent, so the first render is the same for everyone.
 */
export function ResetPasswordPage() {
  const toast = useToast();
  const submit = useSubmitWithToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(resetPasswordSchema, {
    defaultValues: { password: '' },
    criteriaMode: 'firstError',
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    const token = params.get('token') ?? '';
    if (!token) {
      toast.error(PRODUCT_MESSAGES.resetLinkInvalid);
      return;
    }
    const saved = await submit(() => confirmPasswordReset(token, password), {
      success: PRODUCT_MESSAGES.passwordReset,
      failed: (error) =>
        refusedField(error) === 'link'
          ? PRODUCT_MESSAGES.resetLinkInvalid
          : errorMessage(error, PRODUCT_MESSAGES.resetLinkInvalid),
    });
    if (saved) navigate(ROUTES.login.path, { replace: true });
  });

  return (
    <AuthCard
      title="Choose a New Password"
      intro="Every device signed in to your account is signed out when you save it."
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset password">
        <NewPasswordField label="New password" error={errors.password?.message} {...register('password')} />
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save New Password'}
        </button>
      </form>
      <p className="center">
        Link expired? <Link to={ROUTES.forgotPassword.path}>Ask for a new one</Link>
      </p>
    </AuthCard>
  );
}
