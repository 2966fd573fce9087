/// Our metadata for an organisation's identity provider (SAML Metadata §2.4.4): our entity id and Assertion Consumer
/// Service (HTTP-POST). We ask for signed assertions and do not sign requests, so there is no certificate of ours.
public enum ServiceProviderMetadata {
    public static func xml(entityID: String, assertionConsumerURL: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="\(XMLText.escaped(entityID))">
          <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
            <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
            <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="\(XMLText.escaped(assertionConsumerURL))" index="0" isDefault="true"/>
          </md:SPSSODescriptor>
        </md:EntityDescriptor>

        """
    }
}
