import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, registerSchema, ROUTES } from '../../../domain/index.ts';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { TextField } from '../../components/text-field.tsx';
import { useIsClient } from '../../components/use-is-client.ts';
import { useZodForm } from '../../components/use-zod-form.ts';
import { signUp } from '../../data/server/session.ts';
import { AuthCard, NewPasswordField } from './auth-card.tsx';

export function RegisterPage() {
  const navigate = useNavigate();
  const submit = useSubmitWithToast();
  // a click before hydration would be lost, or send the form as a GET (the password in the URL)
  const isClient = useIsClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(registerSchema, {
    defaultValues: { email: '', password: '' },
    // docs/product.md#validation-rules: the first failing rule is the one shown.
    criteriaMode: 'firstError',
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const signedUp = await submit(() => signUp(email, password), {
      success: MESSAGES.registerSuccess,
      failed: MESSAGES.registerFailed,
    });
    if (signedUp) navigate(ROUTES.subscribe.path, { replace: true });
  });

  return (
    <AuthCard title="Create Account" intro="Start scouting the ads your competitors are scaling.">
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Create account">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordField label="Password" error={errors.password?.message} {...register('password')} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={!isClient || isSubmitting}
        >
          {isSubmitting ? 'Creating account…' : 'Create Account'}
        </button>
      </form>
      <p className="center">
        Already have an account? <Link to={ROUTES.login.path}>Log in</Link>
      </p>
    </AuthCard>
  );
}
