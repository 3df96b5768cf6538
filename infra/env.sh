#!/usr/bin/env bash
# The app's Cognito environment from a deployed stack (infra/README.md):
#   bash infra/env.sh STACK_NAME >> .env.production
# Reads the stack's outputs, and the app client's secret, which CloudFormation does not output.
set -euo pipefail
stack=${1:?usage: bash infra/env.sh STACK_NAME}

output() {
  aws cloudformation describe-stacks --stack-name "$stack" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}

pool=$(output UserPoolId)
client=$(output ClientId)
domain=$(output AuthDomainUrl)
if [ -z "$pool" ] || [ "$pool" = "None" ] || [ -z "$client" ] || [ "$client" = "None" ]; then
  echo "infra/env.sh: stack $stack has no UserPoolId or ClientId output" >&2
  exit 1
fi
secret=$(aws cognito-idp describe-user-pool-client --user-pool-id "$pool" --client-id "$client" \
  --query UserPoolClient.ClientSecret --output text)

echo "COGNITO_USER_POOL_ID=$pool"
echo "COGNITO_CLIENT_ID=$client"
echo "COGNITO_CLIENT_SECRET=$secret"
# Only with Google sign-in (GoogleClientId given): the button needs the pool's domain.
if [ -n "$domain" ] && [ "$domain" != "None" ]; then echo "COGNITO_DOMAIN=$domain"; fi
